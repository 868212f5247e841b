/**
 * Nothing slips past the catalogue: the popover's views render no word that is not from it (JSX text
 * and the attributes people read or hear), the strings modules hold no words of their own, the tray
 * menu's items are never literals, and no plural is decided by `n === 1`. Non-words (icons, digits,
 * punctuation) and the allow-list below are let through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enHost } from '../../src/shared/i18n/en/host';

const RENDERER = join(process.cwd(), 'src', 'renderer', 'src');
const files = (dir: string, ext: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => ext.test(name))
    .map((name) => join(dir, name));

/** text that is a word a person reads: two letters in a row, in any script */
const WORDY = /\p{L}{2}/u;
/** words that are the same in every language: product names, units, key names, protocol words */
const ALLOWED = new Set(['Airwave', 'Airwave Tray', 'HDR', 'JSON', 'API', 'Esc', 'Enter', 'airwave_…', 'Alt+', 'Authorization: Bearer']);

/** where a source renders a literal word: JSX text between tags, and read-aloud or shown attributes */
export function literalWords(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
  for (const match of code.matchAll(/(?<![=-])>([^<>{}]+)</g)) {
    const text = match[1]!.trim();
    // `a > b` and generics (`Map<string, X>`) in code read like text between tags; JSX text has no
    // operators or semicolons and is not a dotted name
    const code = /[;=()&|]/.test(text) || /^[\w$?.]*\.[\w$?.]*$/.test(text) || /^[A-Z]\w*$/.test(text) && /\b(Promise|Record|Map|Set|Array)$/.test(text);
    if (text && WORDY.test(text) && !code && !ALLOWED.has(text)) found.push(text);
  }
  for (const match of code.matchAll(/\b(aria-label|aria-description|aria-roledescription|title|placeholder|alt|label)="([^"]*)"/g)) {
    const text = match[2]!;
    if (WORDY.test(text) && !ALLOWED.has(text)) found.push(`${match[1]}="${text}"`);
  }
  // a word chosen inside an expression: aria-label={open ? 'Settings' : undefined}
  for (const match of code.matchAll(/\b(aria-label|aria-description|title|placeholder|alt|label)=\{([^{}]*)\}/g)) {
    // a literal the expression can give (after ?, :, ??, ||), not one it compares with
    for (const literal of match[2]!.matchAll(/(?:^|\?|:|\|\|)\s*(?:'([^'\n]*)'|"([^"\n]*)")/g)) {
      const text = literal[1] ?? literal[2] ?? '';
      if (WORDY.test(text) && !ALLOWED.has(text)) found.push(`${match[1]}={…'${text}'…}`);
    }
  }
  return found;
}

/**
 * The core's modules that compose what a person reads: notifications (reminders, health alerts,
 * viewers), the tray's menu and tooltip, and the connection's explanations. Log lines stay English
 * (allowed below), and the doctor, a terminal tool, is not among them.
 */
const SPEAKING = [
  'src/main/core/features/reminders.ts',
  'src/main/core/features/reminder-words.ts',
  'src/main/core/features/health-alerts.ts',
  'src/main/core/features/watchlist.ts',
  'src/main/core/sync/reporting.ts',
  'src/main/core/notifications/words.ts',
  'src/main/core/tray/tray-view.ts',
  'src/main/core/connection-test/probe.ts',
  'src/main/core/connection-test/probe-steps.ts',
  'src/main/core/connection-test/probe-words.ts',
  'src/main/core/connection-test/probe-events.ts',
  'src/main/core/connection-test/probe-view.ts',
  'src/main/core/connection-test/near-miss.ts',
  'src/main/core/connection-test/keyless-identity.ts',
  'src/main/core/app/controller.ts',
  'src/main/core/app/servers.ts',
  'src/main/core/app/demo-mode.ts',
  ...['browser', 'connect', 'data', 'feature-handlers', 'history-handlers', 'host-commands', 'lookup-handler', 'outcome', 'schedule', 'server-handlers', 'settings-handlers'].map(
    (name) => `src/main/core/app/handlers/${name}.ts`,
  ),
  'src/main/electron/updater.ts',
];

/**
 * The modules whose thrown errors and notes people read (issue 38): the API client's failures (the
 * connection's detail, a step's detail, a view's error), the connection line (connecting, polling,
 * reconnecting, the live stream's fate), the guide's load errors, and the notes on damaged or
 * unsaved files. A thrown ApiError's words count here; a plain Error's
 * (a developer's, caught inside) and log lines do not.
 */
const SPEAKING_ERRORS = [
  ...['client', 'http', 'governor', 'guide-stream', 'answers', 'optional'].map((name) => `src/main/core/client/${name}.ts`),
  'src/main/core/state.ts',
  'src/main/core/sync/lifecycle.ts',
  'src/main/core/sync/event-session.ts',
  'src/main/core/sync/guide-window.ts',
  'src/main/core/guide/load.ts',
  'src/main/core/features/json-store.ts',
  'src/main/core/features/activity-log.ts',
  'src/main/core/history/history-files.ts',
  'src/main/core/history/history.ts',
  'src/main/core/app/features.ts',
  'src/main/core/guide/reader.ts',
  'src/main/core/client/contract-words.ts',
  'src/main/core/client/address-words.ts',
  'src/shared/airwave/schema.ts',
  'src/shared/tolerant.ts',
  'src/main/core/connection-test/lookup.ts',
  'src/main/core/sync/event-stream.ts',
  'src/main/core/settings/settings-file.ts',
];
// Not here, and why: artwork-service.ts's texts are the bodies of failed image answers (an <img>
// shows its fallback, no person reads them).

/**
 * English on purpose in the modules above: the log's words (a ContractError's message, what a
 * tolerant read left out, a skipped event frame), kept beside the facts the person's sentence is
 * composed from (client/contract-words.ts says them in the language in use).
 */
const LOG_WORDS = new Set([
  'the answer',
  'expected a finite number',
  'expected an ISO-8601 time',
  'expected a string',
  'expected a whole number held exactly',
  'expected a length a programme can have (more than 0 s, at most a day)',
  'expected a position within the programme',
  'fell back',
  'left out',
  'required field is missing',
  ' (received )',
  'expected  but received ',
  'expected ',
  'an object',
  'a  frame whose data is not JSON',
]);

/** what stays English on purpose: the doctor's list of what a server lacks (the terminal only), and protocol words */
const CORE_ALLOWED = new Set([
  'no live event stream (the app polls /sessions/count)',
  'no uptime in /status',
  'no counts in /status (the session count comes from /sessions/count)',
  'no /channels/by-number/{n}/now (a lookup by number takes two requests)',
  'could not be found',
  'API ',
]);

/** a line that writes the log or throws for a developer: its words stay English */
const TECHNICAL = /\blog\(|\bproblem\(|new Error\(|throw /;
/** the same where a thrown error is what a person reads (an ApiError, a note on a file): only log lines and plain Errors stay English */
const LOG_OR_PLAIN_ERROR = /\blog\(|new Error\(/;

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, '');

/** a literal's text with its `${…}` parts left out */
const plain = (m: RegExpMatchArray) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, '');

/** a literal a person reads: a word next to a space (ids, keys, states, paths and symbols are not) */
const SENTENCE = / \p{L}{2}|\p{L}{2} /u;

/** every literal with words in a speaking module, log lines and imports left out (a template cut at a nested one is code) */
export function coreLiterals(source: string, technical: RegExp = TECHNICAL): string[] {
  return withoutComments(source)
    .split('\n')
    .filter((line) => !technical.test(line) && !/^\s*(import|export \{|export type \{)/.test(line))
    .flatMap((line) => [...line.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)].map(plain))
    .filter((text) => SENTENCE.test(text) && !text.startsWith('../') && !text.includes('${') && !CORE_ALLOWED.has(text));
}

/** a notification's title or body written as a literal with words, anywhere in the core */
export function notificationLiterals(source: string): string[] {
  return [...withoutComments(source).matchAll(/\b(?:title|body):\s*(?:'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`)/g)].map(plain).filter((text) => /\p{L}{2}/u.test(text));
}

/** a read of a translated message: `t(`, `m().x`, `messages().x`, `words().x`, `w.x`, and in a view its strings module (`t.x`, `guideText.x`) */
const TRANSLATED = String.raw`(?:\bt\(|\bm\(\)\.|\bmessages\(\)\.|\bwords\(\)\.|\bw\.[a-z]\w*|\bt\.[a-z]\w*|\b[a-z]\w*Text\.[a-z]\w*)`;

/** the argument text of every `t(…)` call in a source */
function tCalls(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/\bt\(/g)) {
    let i = match.index + 2;
    for (let depth = 1; i < source.length && depth > 0; i++) depth += source[i] === '(' ? 1 : source[i] === ')' ? -1 : 0;
    out.push(source.slice(match.index + 2, i - 1));
  }
  return out;
}

/**
 * Where a source glues translated words into a sentence instead of saying it in one message
 * (issue 46): a translated phrase filled into another message, a template or `+` that puts a
 * translation beside other words, an array of pieces with a translation in it joined into one.
 * A name, a formatted number, time or list is a value, not a translation (they are not `t(`).
 */
export function concatenations(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const translated = new RegExp(TRANSLATED);
  for (const call of tCalls(code)) {
    const comma = call.indexOf(',');
    if (comma > 0 && translated.test(call.slice(comma))) found.push(`filled in: t(${call.replace(/\s+/g, ' ').slice(0, 120)})`);
  }
  for (const [template] of code.matchAll(/`[^`]*`/g)) if (new RegExp(String.raw`\$\{[^}]*` + TRANSLATED).test(template) && /\$\{[^}]*\}[^`]*\S|\S[^`]*\$\{/.test(template)) found.push(`template: ${template.slice(0, 120)}`);
  for (const [plus] of code.matchAll(new RegExp(TRANSLATED + String.raw`[^;\n]*\)\s*\+\s*['"\`]|['"\`]\s*\+\s*` + TRANSLATED, 'g'))) found.push(`plus: ${plus.slice(0, 120)}`);
  for (const [pieces] of code.matchAll(/\[[^[\]]*\](?:\.filter\(Boolean\))?\.join\(/g)) if (translated.test(pieces)) found.push(`joined: ${pieces.replace(/\s+/g, ' ').slice(0, 120)}`);
  // a translated word re-cased in code (German nouns keep their capital; a message says it as it should read)
  for (const [cased] of code.matchAll(new RegExp(TRANSLATED + String.raw`[\w.]*(?:\([^()]*\))?\.to(?:Locale)?(?:Lower|Upper)Case\(`, 'g'))) found.push(`cased: ${cased.slice(0, 120)}`);
  for (const [pieces] of code.matchAll(/\[[^[\]]*\](?:\.filter\(Boolean\))?\.map\([^;]*?\.to(?:Locale)?(?:Lower|Upper)Case\(/g)) if (translated.test(pieces)) found.push(`cased: ${pieces.replace(/\s+/g, ' ').slice(0, 120)}`);
  return found;
}

/** every source that composes what a person reads: the popover, the core, the hosts' words, shared */
const COMPOSING = ['src/renderer/src', 'src/main/core', 'src/main/electron', 'src/shared'].flatMap((root) =>
  files(join(process.cwd(), root), /\.tsx?$/).filter((file) => !file.includes(`${join('shared', 'i18n')}`)),
);

/**
 * Joins that are not fragments of one sentence, counted per file so a new one fails: two whole
 * sentences one after the other (alerts, file notes, the away line and its link, search's gap and
 * its nobody line), a list of a person's viewings joined by the catalogue's own separator, and
 * the parts of one line set apart by " · " (a card's break and channel, the footer's state and
 * demo mark, a reminder from the watchlist, the switcher's count and connection, a search row's
 * parts, the tray's viewer item, the guide strip's title and end). The " · " lines are labels, not
 * sentences; they read the same in every language.
 */
const WHOLE_JOINS: Record<string, number> = {
  'src/main/core/features/health-alerts.ts': 1,
  'src/main/core/features/json-store.ts': 1,
  'src/renderer/src/strings/history.ts': 1,
  'src/renderer/src/shell-status.tsx': 2,
  'src/renderer/src/features/Activity.tsx': 1,
  'src/renderer/src/history/AwayLine.tsx': 1,
  'src/renderer/src/views/GuideDetail.tsx': 1,
  'src/renderer/src/views/Search.tsx': 1,
  'src/renderer/src/views/SearchRows.tsx': 2,
  'src/renderer/src/views/ServerSwitcher.tsx': 1,
  'src/renderer/src/views/ViewerCard.tsx': 1,
};

describe('words come from the catalogue', () => {
  it('the concatenation check finds a phrase filled into a sentence, a template, a plus and a join', () => {
    expect(concatenations("t(m().started, { where: t(m().onDevice, { name }) })")).toHaveLength(1);
    expect(concatenations('const line = `${entry.user} ${m().started}`;')).toHaveLength(1);
    expect(concatenations("return t(m().failed, { n }) + ' ' + later;")).toHaveLength(1);
    expect(concatenations("[title, ', ', m().blockOnAir].join('')")).toHaveLength(1);
    // a translated word lowercased in code, alone or in a list of marks
    expect(concatenations('const said = guideText.followed.toLowerCase();')).toHaveLength(1);
    expect(concatenations("[a ? guideText.fresh : '', b ? guideText.followed : ''].filter(Boolean).map((word) => word.toLowerCase())")).toHaveLength(1);
    // a name, a time and a list are values, not translations
    expect(concatenations('t(m().started, { who: entry.user, when: when(at, now), names: listOf(names) })')).toEqual([]);
    expect(concatenations('const id = `reminder-${r.id}`;')).toEqual([]);
  });

  it.each(COMPOSING.map((file) => [file.slice(process.cwd().length + 1), file]))('%s says each sentence in one message', (name, file) => {
    expect(concatenations(readFileSync(file, 'utf8')).length, concatenations(readFileSync(file, 'utf8')).join('\n')).toBe(WHOLE_JOINS[name] ?? 0);
  });

  it('the check finds a literal word in JSX text and in a read-aloud attribute, and lets non-words through', () => {
    expect(literalWords('<button aria-label="Close details"><X />Close</button>')).toEqual(['Close', 'aria-label="Close details"']);
    expect(literalWords('<span aria-hidden>·</span><kbd>/</kbd><b>{t.close}</b>')).toEqual([]);
    expect(literalWords('const x = a > b && c < d;')).toEqual([]);
    expect(literalWords("<main aria-label={open ? 'Settings' : undefined} />")).toEqual(["aria-label={…'Settings'…}"]);
  });

  it.each(files(RENDERER, /\.tsx$/).map((file) => [file.slice(RENDERER.length + 1), file]))('%s renders no literal word', (_name, file) => {
    expect(literalWords(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it.each(files(join(RENDERER, 'strings'), /\.ts$/).map((file) => [file.slice(RENDERER.length + 1), file]))('%s holds no words of its own', (_name, file) => {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const literals = [...code.matchAll(/'([^'\n]*)'|`([^`\n]*)`/g)]
      .map((m) => (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, ''))
      .filter((text) => WORDY.test(text) && !ALLOWED.has(text) && !text.startsWith('../') && !/^[\w-]+$/.test(text));
    expect(literals).toEqual([]);
  });

  it('the tray menu and the notifications take every word from the catalogue', () => {
    for (const file of ['src/main/core/tray/tray-view.ts', 'src/main/core/notifications/words.ts']) {
      const code = readFileSync(join(process.cwd(), file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const words = [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)]
        .map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, ''))
        .filter((text) => / \p{L}{2}|\p{L}{2} /u.test(text) && !text.startsWith('../'));
      expect(words, file).toEqual([]);
    }
  });

  it.each(SPEAKING)('%s, which composes what a person reads, takes every word from the catalogue', (file) => {
    expect(coreLiterals(readFileSync(join(process.cwd(), file), 'utf8'))).toEqual([]);
  });

  it.each(SPEAKING_ERRORS)('%s, whose errors and notes a person reads, takes every word from the catalogue', (file) => {
    // endpoints ("GET /guide", an error's `endpoint` detail), the auth scheme, units ("64 MB") and ids ("save-failed …") are not words to translate
    const words = coreLiterals(readFileSync(join(process.cwd(), file), 'utf8'), LOG_OR_PLAIN_ERROR).filter(
      (text) => !/^(GET|Bearer) /.test(text) && text !== 'server address' && text !== ' MB' && !/^[a-z]+(-[a-z]+)+ $/.test(text) && !LOG_WORDS.has(text),
    );
    expect(words).toEqual([]);
  });

  it('the error check finds a thrown ApiError’s words and lets a plain Error and a log line through', () => {
    expect(coreLiterals("throw new ApiError('cancelled', 'The request was cancelled.', { endpoint });", LOG_OR_PLAIN_ERROR)).toEqual(['The request was cancelled.']);
    expect(coreLiterals("else if (into) throw new Error('The server sent more than it declared.');\nlog(`scan put off (${a})`);", LOG_OR_PLAIN_ERROR)).toEqual([]);
  });

  it('no notification or alert in src/main/core has a literal title or body', () => {
    const found = files(join(process.cwd(), 'src/main/core'), /\.ts$/).flatMap((file) =>
      notificationLiterals(readFileSync(file, 'utf8')).map((text) => `${file.slice(process.cwd().length + 1)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('the core check finds words in titles, bodies, notify calls and returned sentences, and lets log lines, ids and symbols through', () => {
    expect(coreLiterals("return { title: `${name} moved: ${when}`, body: 'its channel' };")).toEqual([' moved: ', 'its channel']);
    expect(coreLiterals("this.#notify('back', `${name} is back`, t(m().backBody), now);")).toEqual([' is back']);
    expect(coreLiterals("if (cancelled) return 'You cancelled this one.';")).toEqual(['You cancelled this one.']);
    expect(coreLiterals("this.#o.log(`reminder check failed: ${message}`);\nconst id = `reminder-${r.id}`;\nbody: `${a} · ${b}`")).toEqual([]);
    expect(notificationLiterals("notify({ id, title: 'Starting now', body: t(m().x) })")).toEqual(['Starting now']);
    expect(notificationLiterals("({ title: heading, body: `${where} · ${time}` })")).toEqual([]);
  });

  it('the popover reads none of the main process’s own words (they are not in its chunk: en/host.ts)', () => {
    // every section host.ts gathers (the tray's and notifications' words too), read as the popover would
    const host = new RegExp(`\\bmessages\\(\\)\\.(${Object.keys(enHost).join('|')})\\b|lackSentence|noApiSentence`);
    expect(host.test('messages().tray.watching')).toBe(true);
    const sources = files(RENDERER, /\.tsx?$/).filter((file) => host.test(readFileSync(file, 'utf8')));
    expect(sources).toEqual([]);
  });

  it('no plural is decided by n === 1 in the words', () => {
    const sources = [...files(join(RENDERER, 'strings'), /\.ts$/), join(process.cwd(), 'src/main/core/notifications/words.ts'), join(process.cwd(), 'src/main/core/tray/tray-view.ts')];
    for (const file of sources) expect(readFileSync(file, 'utf8'), file).not.toMatch(/=== 1 \?/);
  });
});
