/**
 * Damaged files set aside, within bounds. When the app cannot use a file it keeps it (renamed, or
 * copied, beside the original) so the user can recover from it; this module owns how those copies
 * are named and how many are kept. Per original file at most ASIDE_LIMITS.copies copies stay, and
 * older copies go while all of them together are over ASIDE_LIMITS.bytes (the newest always
 * stays), so a server or a loop that damages a file at every start cannot fill the disk.
 * Nothing here follows a link: a link is set aside as the link itself.
 */
import { constants, copyFileSync, lstatSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const ASIDE_LIMITS = {
  /** copies kept per original file */
  copies: 3,
  /** the copies of one file together; the newest is kept whatever its size */
  bytes: 4 * 1024 * 1024,
} as const;

/** `reminders.json` → [`reminders`, `.json`]; `activity.jsonl.1` → [`activity.jsonl`, `.1`] */
function parts(name: string): [stem: string, ext: string] {
  const stem = name.replace(/\.[^.]+$/, '');
  return [stem, name.slice(stem.length)];
}

/** What `lstat` says is at `path` (a link itself, not its target), or null when nothing is there. */
export function present(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Whether `path` is a regular file itself (not a link, a folder or anything else). */
export function isPlainFile(path: string): boolean {
  return present(path)?.isFile() === true;
}

/** Beside `path`, a name not yet taken: `<stem>.damaged-<now><ext>` (then `-2`, `-3`, …). */
function asidePath(path: string, now: number): string {
  const [stem, ext] = parts(basename(path));
  const base = join(dirname(path), `${stem}.damaged-${now}`);
  for (let i = 1; i < 100; i++) {
    const candidate = i === 1 ? `${base}${ext}` : `${base}-${i}${ext}`;
    if (!present(candidate)) return candidate;
  }
  return `${base}-${process.pid}${ext}`;
}

/** Moves `path` (a file, a link, anything) aside; the copy's file name, or null when it could not be moved. */
export function moveAside(path: string, now: number): string | null {
  const kept = asidePath(path, now);
  try {
    renameSync(path, kept);
  } catch {
    return null;
  }
  pruneAside(path);
  return basename(kept);
}

/** Copies the plain file at `path` aside and leaves it in place; the copy's file name, or null. */
export function copyAside(path: string, now: number): string | null {
  if (!isPlainFile(path)) return null;
  const kept = asidePath(path, now);
  try {
    copyFileSync(path, kept, constants.COPYFILE_EXCL);
  } catch {
    return null;
  }
  pruneAside(path);
  return basename(kept);
}

/** Removes the oldest set-aside copies of `path` beyond the limits (see ASIDE_LIMITS). */
export function pruneAside(path: string): void {
  const dir = dirname(path);
  const [stem, ext] = parts(basename(path));
  const pattern = new RegExp(`^${escape(stem)}\\.damaged-(\\d+)(?:-(\\d+))?${escape(ext)}$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const copies = names
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((c): c is { name: string; match: RegExpExecArray } => c.match !== null)
    .map(({ name, match }) => ({ name, at: Number(match[1]), n: Number(match[2] ?? 1), size: present(join(dir, name))?.size ?? 0 }))
    .sort((a, b) => b.at - a.at || b.n - a.n); // newest first
  let total = 0;
  copies.forEach((copy, index) => {
    total += copy.size;
    if (index === 0) return; // the newest stays
    if (index >= ASIDE_LIMITS.copies || total > ASIDE_LIMITS.bytes) rmSync(join(dir, copy.name), { force: true });
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
