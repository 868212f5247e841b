import type { Program } from '../../../shared/airwave';
import { NONE, type StringPool } from './strings';
import { canonicalTime } from './times';

/**
 * Owns the guide's programmes as columns of typed arrays (struct of arrays): about 70 bytes a
 * programme whatever its text, instead of an object with a dozen properties and its own strings.
 * Rebuilds a `Program` only for the rows a caller asks for.
 */

const INITIAL = 1024;
// the string columns, for their last-text memo
const RATING_KEY = 0;
const TITLE = 1;
const TYPE = 2;
const SHOW = 3;
const SUMMARY = 4;
const ARTWORK = 5;

function grow<T extends Float64Array | Int32Array>(array: T, size: number): T {
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array.subarray(0, Math.min(size, array.length)));
  return next;
}

export class ProgrammeTable {
  #length = 0;
  #capacity = INITIAL;
  // times in ms since the epoch; the original text only when ISO formatting would not give it back
  #starts = new Float64Array(INITIAL);
  #ends = new Float64Array(INITIAL);
  #startText = new Int32Array(INITIAL);
  #endText = new Int32Array(INITIAL);
  #duration = new Float64Array(INITIAL);
  // season, episode, year: NaN for null
  #season = new Float64Array(INITIAL);
  #episode = new Float64Array(INITIAL);
  #year = new Float64Array(INITIAL);
  // string ids (NONE for null)
  #ratingKey = new Int32Array(INITIAL);
  #title = new Int32Array(INITIAL);
  #type = new Int32Array(INITIAL);
  #show = new Int32Array(INITIAL);
  #summary = new Int32Array(INITIAL);
  #artwork = new Int32Array(INITIAL);

  // per string column, the last text and its id: consecutive programmes often share a type, a
  // show, a title (a break and the programme it leads to) and artwork
  readonly #lastText: (string | null)[] = [null, null, null, null, null, null];
  readonly #lastId = new Int32Array(6);

  constructor(private readonly pool: StringPool) {}

  get length(): number {
    return this.#length;
  }

  /** bytes held by the columns (their capacity, not just what is used) */
  get bytes(): number {
    return this.#capacity * (6 * 8 + 8 * 4);
  }

  add(program: Program): number {
    if (this.#length === this.#capacity) this.#grow();
    const i = this.#length++;
    this.#starts[i] = this.#time(program.startsAt, this.#startText, i);
    this.#ends[i] = this.#time(program.endsAt, this.#endText, i);
    this.#duration[i] = program.durationSeconds;
    this.#season[i] = program.season ?? Number.NaN;
    this.#episode[i] = program.episode ?? Number.NaN;
    this.#year[i] = program.year ?? Number.NaN;
    this.#ratingKey[i] = this.#id(RATING_KEY, program.ratingKey);
    this.#title[i] = this.#id(TITLE, program.title);
    this.#type[i] = this.#id(TYPE, program.type);
    this.#show[i] = this.#id(SHOW, program.showTitle);
    this.#summary[i] = this.#id(SUMMARY, program.summary);
    this.#artwork[i] = this.#id(ARTWORK, program.artworkUrl);
    return i;
  }

  /** The pool's id for a string column's text, the column's last one first (no hashing for a repeat). */
  #id(column: number, text: string | null): number {
    if (text === null) return NONE;
    if (text === this.#lastText[column]) return this.#lastId[column]!;
    const id = this.pool.id(text);
    this.#lastText[column] = this.pool.text(id);
    this.#lastId[column] = id;
    return id;
  }

  /** The time's ms; its text is kept (in `texts`) only when ISO formatting would not give it back. */
  #time(text: string, texts: Int32Array, i: number): number {
    let ms = canonicalTime(text);
    if (Number.isNaN(ms)) {
      ms = Date.parse(text);
      texts[i] = new Date(ms).toISOString() === text ? NONE : this.pool.id(text);
    } else texts[i] = NONE;
    return ms;
  }

  startsAt(i: number): number {
    return this.#starts[i]!;
  }

  endsAt(i: number): number {
    return this.#ends[i]!;
  }

  /** The programme at `i` as the contract's record (equal to what the server sent, once validated). */
  /** string ids of the rating key (NONE for a bumper), the title and the show */
  ratingKeyId(i: number): number {
    return this.#ratingKey[i]!;
  }

  titleId(i: number): number {
    return this.#title[i]!;
  }

  showId(i: number): number {
    return this.#show[i]!;
  }

  get(i: number): Program {
    const pool = this.pool;
    const text = (id: number) => pool.text(id);
    const int = (value: number) => (Number.isNaN(value) ? null : value);
    return {
      ratingKey: text(this.#ratingKey[i]!),
      title: text(this.#title[i]!) ?? '',
      type: text(this.#type[i]!),
      showTitle: text(this.#show[i]!),
      season: int(this.#season[i]!),
      episode: int(this.#episode[i]!),
      year: int(this.#year[i]!),
      summary: text(this.#summary[i]!),
      startsAt: text(this.#startText[i]!) ?? new Date(this.#starts[i]!).toISOString(),
      endsAt: text(this.#endText[i]!) ?? new Date(this.#ends[i]!).toISOString(),
      durationSeconds: this.#duration[i]!,
      artworkUrl: text(this.#artwork[i]!),
    };
  }

  /** Gives back the unused capacity once no more programmes will come. */
  trim(): void {
    this.#resize(Math.max(1, this.#length));
  }

  #grow(): void {
    this.#resize(this.#capacity * 2);
  }

  #resize(size: number): void {
    this.#starts = grow(this.#starts, size);
    this.#ends = grow(this.#ends, size);
    this.#startText = grow(this.#startText, size);
    this.#endText = grow(this.#endText, size);
    this.#duration = grow(this.#duration, size);
    this.#season = grow(this.#season, size);
    this.#episode = grow(this.#episode, size);
    this.#year = grow(this.#year, size);
    this.#ratingKey = grow(this.#ratingKey, size);
    this.#title = grow(this.#title, size);
    this.#type = grow(this.#type, size);
    this.#show = grow(this.#show, size);
    this.#summary = grow(this.#summary, size);
    this.#artwork = grow(this.#artwork, size);
    this.#capacity = size;
  }
}
