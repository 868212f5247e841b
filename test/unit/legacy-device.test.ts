import { describe, expect, it } from 'vitest';
import { parseSessions } from '../../src/shared/airwave';
import { viewerFromSession } from '../../src/main/core/viewers/viewers';

// Issue 33 item 6: `deviceId: "legacy"` merges all of one user's devices without a device id into
// one session (airwave-api.md): it names no device, so no device is read there.
describe('a legacy session', () => {
  const session = (over: Record<string, unknown>) =>
    parseSessions({ sessions: [{ id: 's1', user: 'Lee', state: 'program', ...over }] }).sessions[0]!;

  it('is one viewer with no device, whichever device last reported', () => {
    const onTv = viewerFromSession(session({ deviceId: 'legacy', device: { id: 'legacy', platform: 'roku', model: 'Roku Ultra', osVersion: null, hdr: null } }));
    const onPhone = viewerFromSession(session({ deviceId: 'legacy', device: { id: 'legacy', platform: 'ios', model: 'iPhone 15', osVersion: null, hdr: null } }));
    expect(onTv).toMatchObject({ device: null, deviceId: null, key: 'session:s1' });
    expect(onPhone.person).toBe(onTv.person);
  });

  it('a real device id is read as before', () => {
    const viewer = viewerFromSession(session({ deviceId: 'dev_1', device: { id: 'dev_1', platform: 'roku', model: 'Roku Ultra', osVersion: null, hdr: null } }));
    expect(viewer).toMatchObject({ device: 'Roku Ultra', deviceId: 'dev_1' });
  });
});
