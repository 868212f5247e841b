/**
 * How a catalogue message becomes text, written once: full ICU MessageFormat (`{name}`,
 * `plural`, `selectordinal`, `select`, nested, `#`, `=0`), as messageformat
 * (`@messageformat/core`) compiles it into a function. The catalogue's source is ICU strings
 * (`src/shared/i18n/<lang>/*.ts`); the popover's build compiles them ahead of time
 * (`scripts/vite-i18n.ts`), so its first paint carries small functions and the tiny
 * `@messageformat/runtime`, never the compiler. Node (the main process, the preview host, the
 * doctor, the tests) compiles a message the first time it is used, with the same compiler
 * (`compile.ts`, which registers itself here).
 *
 * No rule of any language lives here: plural categories are CLDR's (make-plural, through
 * messageformat); an article that agrees with an hour (Spanish "a la 1:05", "a las 13:05") is a
 * `plural` on the `hour` the message is given (see `clockParams` in `src/shared/format.ts`).
 */

export type Params = Readonly<Record<string, string | number>>;

/** A message compiled ahead of time: what the popover's build puts where the source had a string with `{…}`. */
export type CompiledMessage = (params: Params) => string;

/** Turns an ICU source into its function for a language (messageformat's compiler; Node only). */
export type MessageCompiler = (source: string, language: string) => CompiledMessage;

let compiler: MessageCompiler | null = null;
/** Compiled functions by language and source: bounded by the catalogues' own messages (the only sources there are). */
const compiled = new Map<string, CompiledMessage>();

/** Makes `compile` the way a source message becomes a function (compile.ts calls this as it loads). */
export function useCompiler(compile: MessageCompiler): void {
  compiler = compile;
  compiled.clear();
}

/** A message with no ICU syntax at all: it reads as it is written, in the source and in the build. */
export function isPlain(source: string): boolean {
  return !/[{}]/.test(source);
}

/** The language a message compiles for: "de" for "de-AT" (plural rules and numbers go by language). */
export function messageLanguage(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase();
}

/**
 * Fills a message (`locale`: the tag in use). A compiled message (the popover's build) is called;
 * a source string is compiled once per language; a plain string is itself.
 */
export function formatMessage(message: string | CompiledMessage, params: Params, locale: string): string {
  if (typeof message === 'function') return message(params);
  if (isPlain(message)) return message;
  const language = messageLanguage(locale);
  const key = `${language}\u0000${message}`;
  let found = compiled.get(key);
  if (!found) {
    if (!compiler) throw new Error(`No message compiler here, and this message was not compiled ahead of time: ${message}`);
    compiled.set(key, (found = compiler(message, language)));
  }
  return found(params);
}
