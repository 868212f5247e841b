/**
 * The demo a newcomer meets (src/main/demo/newcomer.ts): Airwave at its newest stage unless told,
 * the synthetic profile only by asking for `spec`; startDemoServer()'s own default (seed, which the
 * tests build on) is not this rule's business.
 */
import { describe, expect, it } from 'vitest';
import { cliProfileName, demoFromCommandLine, NEWCOMER_DEMO, NEWEST_SERVER_VERSION } from '../../src/main/demo/newcomer';
import { demoProfile, SERVER_VERSIONS } from '../../src/main/demo/profile';

describe('the demo started by hand', () => {
  it('is Airwave at the newest version the demo plays (0.15.13), with bumpers only where real servers send them', () => {
    expect(NEWEST_SERVER_VERSION).toBe('0.15.13');
    expect(SERVER_VERSIONS).toContain(NEWEST_SERVER_VERSION);
    expect(demoFromCommandLine(undefined, undefined)).toEqual({ profile: 'airwave', serverVersion: '0.15.13' });
    const profile = demoProfile(NEWCOMER_DEMO.profile, NEWCOMER_DEMO.serverVersion);
    expect(profile.version).toBe('0.15.13');
    expect(profile.realBreaks).toBe(true);
  });

  it('takes airwave (newest unless a version is given), legacy and spec (the synthetic seed profile), and nothing else', () => {
    expect(demoFromCommandLine('airwave', undefined)).toEqual(NEWCOMER_DEMO);
    expect(demoFromCommandLine(undefined, '0.14.68')).toEqual({ profile: 'airwave', serverVersion: '0.14.68' });
    expect(demoFromCommandLine('legacy', undefined)).toEqual({ profile: 'legacy' });
    expect(demoFromCommandLine('spec', undefined)).toEqual({ profile: 'seed' });
    expect(demoFromCommandLine('seed', undefined)).toBeNull();
    expect(demoFromCommandLine('newest', undefined)).toBeNull();
    expect(cliProfileName('seed')).toBe('spec');
    expect(cliProfileName('airwave')).toBe('airwave');
  });
});
