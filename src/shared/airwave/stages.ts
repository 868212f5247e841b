/**
 * Airwave's version stages in words (airwave-api.md, *Versions differ*): the sentence a view shows
 * when the server lacks a route it needs, naming the server's version and what it lacks, and the
 * stages whose artwork no client can load. What a server has is found out from its answers (or its
 * OpenAPI document); the version only names the stage in the sentence.
 */

import { messages, t } from '../i18n/messages';

export type Lack = 'guide' | 'viewers' | 'lookup' | 'schedule' | 'artwork';

/** "Airwave 0.14.67 has no guide in its public API; update Airwave to see what is on", in the language in use. */
export function lackSentence(version: string | null | undefined, lack: Lack): string {
  const words = messages().lacks;
  return t(words[lack], { server: version ? `Airwave ${version}` : words.thisServer });
}

/** The first version with a public API (airwave-api.md's version table). */
export const FIRST_PUBLIC_API = '0.14.65';

/** "Airwave Attic 0.14.60 has no public API; …": an Airwave server older than the public API (it answers /api/identity only). */
export function noApiSentence(server: string): string {
  return t(messages().lacks.noApi, { server, version: FIRST_PUBLIC_API });
}

/** [major, minor, patch] of "0.15.12" (suffixes ignored), or null when it is not such a version. */
export function versionParts(version: string | null | undefined): [number, number, number] | null {
  const match = /^v?(\d{1,6})\.(\d{1,6})\.(\d{1,6})/.exec((version ?? '').trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Whether `version` is a known version before `than` (false when it cannot be read). */
export function versionBefore(version: string | null | undefined, than: string): boolean {
  const a = versionParts(version);
  const b = versionParts(than);
  if (!a || !b) return false;
  return (a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) < 0;
}

/**
 * Airwave 0.14.68 and 0.14.69 send `artworkPath` (a raw media-server path) instead of
 * `artworkUrl`. Only that stage: a version outside Airwave's table (the demo's own, a fork's) says
 * nothing about artwork, and what the server sends decides.
 */
export const sendsArtworkPaths = (version: string | null | undefined): boolean =>
  !versionBefore(version, '0.14.68') && versionBefore(version, '0.14.70');
