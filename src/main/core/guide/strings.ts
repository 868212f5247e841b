/**
 * Owns the guide's string pool: every title, show, summary, artwork address and channel field is
 * kept once however many programmes share it, and programmes refer to it by a small integer.
 */

/** the id stored for `null` */
export const NONE = -1;

export class StringPool {
  readonly #ids = new Map<string, number>();
  readonly #strings: string[] = [];
  #chars = 0;

  /** The id of `text` (added on first sight); NONE for null. */
  id(text: string | null): number {
    if (text === null) return NONE;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.#strings.length;
      this.#strings.push(text);
      this.#ids.set(text, id);
      this.#chars += text.length;
    }
    return id;
  }

  /** The id of `text` if it is held (nothing is added). */
  has(text: string): number | undefined {
    return this.#ids.get(text);
  }

  text(id: number): string | null {
    return id === NONE ? null : (this.#strings[id] ?? null);
  }

  get size(): number {
    return this.#strings.length;
  }

  /** characters held (about two bytes each in memory) */
  get chars(): number {
    return this.#chars;
  }
}
