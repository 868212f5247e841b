/**
 * Keeping API keys out of text: the one rule for which forms of a key are searched for, and the
 * process-wide list of keys in use. Every error the client builds and every log line goes through
 * `redact`; a client registers its key while it lives and unregisters it when it is closed
 * (explicitly: nothing here depends on garbage collection).
 */

/** Replaces a key, in whatever form it was found. */
export const REDACTED = '[redacted]';
/** Keys shorter than this are not searched for: replacing every "abc" in a message would garble it. */
export const MIN_SECRET_CHARS = 6;

/** Every form a key can take in text: as it is, base64 (padded or not), base64url, URL-encoded. */
export function secretForms(secret: string): string[] {
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  return [secret, base64, base64.replace(/=+$/, ''), Buffer.from(secret, 'utf8').toString('base64url'), encodeURIComponent(secret)];
}

/** `text` with every form of each key replaced by REDACTED (longest forms first, so no part of one survives). */
export function redact(text: string, keys: Iterable<string | null | undefined>): string {
  const forms = new Set<string>();
  for (const key of keys) if (key && key.length >= MIN_SECRET_CHARS) for (const form of secretForms(key)) forms.add(form);
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/** Keys in use, counted (two clients may hold the same key). */
class KeysInUse {
  readonly #count = new Map<string, number>();

  /** Registers `key` until the returned function is called (once; later calls do nothing). */
  register(key: string): () => void {
    if (key.length < MIN_SECRET_CHARS) return () => {};
    this.#count.set(key, (this.#count.get(key) ?? 0) + 1);
    let registered = true;
    return () => {
      if (!registered) return;
      registered = false;
      const left = (this.#count.get(key) ?? 1) - 1;
      if (left > 0) this.#count.set(key, left);
      else this.#count.delete(key);
    };
  }

  keys(): IterableIterator<string> {
    return this.#count.keys();
  }

  get size(): number {
    return this.#count.size;
  }
}

/** The keys of every live client in this process: errors and log lines are redacted against them. */
export const keysInUse = new KeysInUse();

/** `text` with every key in use (and `extra`) redacted. */
export function redactInUse(text: string, ...extra: (string | null | undefined)[]): string {
  return redact(text, [...extra, ...keysInUse.keys()]);
}
