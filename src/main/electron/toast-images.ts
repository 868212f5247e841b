/**
 * Posters for Windows toasts with buttons: `toastXml` takes an image by file URL, not the
 * NativeImage the other notifications carry, so the poster is written to a folder of the app's
 * own (PNG or JPEG only, by their signatures), at most `max` files, the oldest deleted first, and
 * every file this run wrote deleted when the app quits.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Disposable } from '../common/disposable';

export const MAX_TOAST_IMAGES = 20;

/** ".png" or ".jpg" from the bytes' signature; null for anything else. */
export function imageExtension(bytes: Uint8Array): '.png' | '.jpg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return '.png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return '.jpg';
  return null;
}

export class ToastImages implements Disposable {
  readonly #dir: string;
  readonly #max: number;
  readonly #files: string[] = [];
  #written = 0;

  constructor(dir: string, max = MAX_TOAST_IMAGES) {
    this.#dir = dir;
    this.#max = max;
  }

  /** The poster as a file URL for the toast, or null (not an image we write, or the disk refused). */
  write(bytes: Uint8Array): string | null {
    const extension = imageExtension(bytes);
    if (!extension) return null;
    try {
      mkdirSync(this.#dir, { recursive: true });
      const file = join(this.#dir, `poster-${process.pid}-${++this.#written}${extension}`);
      writeFileSync(file, bytes, { mode: 0o600 });
      this.#files.push(file);
      while (this.#files.length > this.#max) rmSync(this.#files.shift()!, { force: true });
      return pathToFileURL(file).href;
    } catch {
      return null;
    }
  }

  get count(): number {
    return this.#files.length;
  }

  dispose(): void {
    for (const file of this.#files.splice(0)) rmSync(file, { force: true });
  }
}
