/**
 * The demo as people start it by hand (`npm run demo-server`, `npm run preview -- --demo`, "Try the
 * demo" in the app): which server it imitates unless told, and the profile names the command lines
 * take. A newcomer meets a real Airwave at its newest stage; the synthetic profile the app was first
 * built against (the published interface, "Airwave 0.9.0-demo", bumpers in /guide) is there by
 * asking for `spec`. Tests calling startDemoServer() keep its own default (the seed profile).
 */
import { SERVER_VERSIONS, type DemoProfileName } from './profile';

/** The newest stage of Airwave's public API the demo plays. */
export const NEWEST_SERVER_VERSION: string = SERVER_VERSIONS[SERVER_VERSIONS.length - 1]!;

/** What a demo started by hand is unless told otherwise. */
export const NEWCOMER_DEMO = { profile: 'airwave', serverVersion: NEWEST_SERVER_VERSION } as const satisfies { profile: DemoProfileName; serverVersion: string };

/** The names the command lines take for each profile (the synthetic `seed` profile is `spec` there). */
export const CLI_PROFILES = { airwave: 'airwave', legacy: 'legacy', spec: 'seed' } as const satisfies Record<string, DemoProfileName>;
export type CliProfileName = keyof typeof CLI_PROFILES;
export const CLI_PROFILE_NAMES = Object.keys(CLI_PROFILES) as CliProfileName[];

/** The name a command line shows for a profile. */
export function cliProfileName(profile: DemoProfileName): string {
  return CLI_PROFILE_NAMES.find((name) => CLI_PROFILES[name] === profile) ?? profile;
}

/**
 * The profile and version a command line asked for, with the newcomer's defaults filled in: no
 * profile and no version is airwave at the newest version; `airwave` alone is the newest version;
 * a version alone is airwave at that version; `legacy` and `spec` take no default version. Null
 * when the profile name is not one the command lines take.
 */
export function demoFromCommandLine(profile: string | undefined, serverVersion: string | undefined): { profile: DemoProfileName; serverVersion?: string } | null {
  const name = profile ?? 'airwave';
  if (!(CLI_PROFILE_NAMES as string[]).includes(name)) return null;
  const chosen = CLI_PROFILES[name as CliProfileName];
  if (serverVersion !== undefined) return { profile: chosen, serverVersion };
  return chosen === 'airwave' ? { ...NEWCOMER_DEMO } : { profile: chosen };
}
