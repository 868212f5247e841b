/**
 * Text that crosses a boundary: how long a server's words may be when they enter the app, and how
 * they are made safe for the places that would otherwise obey them (a terminal, a tray menu or
 * tooltip, a notification server that renders markup). Every limit here is written once; the
 * response schemas, the tray view, the notification policy and the CLIs import it.
 */

/** The longest text kept from a server, by kind of field, in UTF-16 code units. */
export const TEXT_LIMITS = {
  /** a person, a channel, a package, a server, a device, a callsign */
  name: 200,
  /** a programme's title or show title */
  title: 300,
  /** a summary, a description, an error message */
  summary: 2_000,
  /** what is shown in the tray's tooltip, all lines together */
  tooltip: 1_000,
  /** a notification's title */
  notificationTitle: 160,
  /** a notification's body */
  notificationBody: 400,
} as const;

const ELLIPSIS = '…';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * `text` cut to at most `max` code units, the cut marked with an ellipsis; a cut never splits a
 * surrogate pair. Text within the limit comes back as the same string.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - ELLIPSIS.length);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/* eslint-disable no-control-regex -- finding control characters is the point of this module */
/** C0 and C1 controls (DEL included) except line feed and tab, which a terminal report lays out with. */
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Every C0 and C1 control. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
/** Bidirectional embeddings, overrides and isolates: they reorder what follows them on screen. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** A surrogate without its partner (JSON can carry one; it is not text). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/* eslint-disable no-control-regex -- terminal sequences are made of control characters */
/**
 * Terminal escape sequences, payload and all: OSC, DCS, SOS, PM and APC strings (up to BEL, ST or
 * the end of the text: an OSC 52 clipboard write, an OSC 8 link), CSI sequences (colours, cursor
 * moves, screen clears) and two-character escapes. Both the 7-bit (ESC …) and 8-bit (C1) forms.
 */
const ESCAPE_SEQUENCES =
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
/** Every C0 and C1 control but line feed and tab (a carriage return goes too: "\r\n" reads as "\n"). */
const STRAY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
/**
 * Credentials in an address, with or without a scheme: `https://user:pass@host`, `user:pass@host`,
 * `user@host` after a scheme. The user information runs to the last `@` of the address (a password
 * may hold `/`, `:` or `@`); an address is a run of characters that are not spaces, quotes or brackets.
 */
const URL_CREDENTIALS = /(^|[\s"'<>()[\]{}])([^\s"'<>()[\]{}]*@)(?=[^\s"'<>()[\]{}@])/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** One address-like match without its user information, when it holds a password or follows a scheme. */
function withoutCredentials(match: string, before: string, userinfo: string): string {
  const scheme = SCHEME.exec(userinfo)?.[0];
  if (scheme) return `${before}${scheme}`;
  // "bob@example.com" is an e-mail address, not a credential: only "user:pass@" goes without a scheme.
  return userinfo.includes(':') ? before : match;
}

/**
 * The one cleaning every string a server sends gets, once, where it enters the app (the response
 * schemas' text fields, the server's error messages, event data): terminal escape sequences with
 * their payload, control characters but line feed and tab (NUL, BEL, ESC, C1), bidirectional
 * overrides and isolates (U+202E), lone surrogates (U+FFFD instead) and credentials in addresses
 * (`https://user:pass@host` → `https://host`, `user:p/a@ss@host` → `host`). Everything after it
 * (a label, a notification, a log line) starts from clean text; the display and terminal helpers
 * below stay as the last guard of their places. Clean text comes back as the same string.
 */
export function cleanServerText(text: string): string {
  return text
    .replace(ESCAPE_SEQUENCES, '')
    .replace(STRAY_CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(LONE_SURROGATES, '\ufffd')
    .replace(URL_CREDENTIALS, withoutCredentials);
}

const visibleEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text for a terminal: controls and bidi overrides become visible escapes (`\u001B`), so a
 * server's words can never set the clipboard (OSC 52), retitle the window, clear the screen or
 * forge a hyperlink. Line feeds and tabs stay.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_CONTROLS, visibleEscape).replace(BIDI_CONTROLS, visibleEscape).replace(LONE_SURROGATES, visibleEscape);
}

/**
 * Text for a tray menu, tooltip or notification: controls become spaces, bidi overrides and
 * isolates are removed and a lone surrogate becomes U+FFFD. Line feeds are kept only where
 * `lines` says the place shows several lines (a tooltip).
 */
export function displaySafe(text: string, lines = false): string {
  const controls = lines ? TERMINAL_CONTROLS : CONTROLS;
  return text.replace(BIDI_CONTROLS, '').replace(LONE_SURROGATES, '\ufffd').replace(controls, ' ');
}

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text for a notification server that reads its body as markup: the freedesktop notification
 * specification (https://specifications.freedesktop.org/notification-spec/latest/markup.html)
 * lets a Linux server render `<b>`, `<a href>` and `<img>` in the body and asks senders to escape
 * `&`, `<` and `>`; unescaped, a name like "Tom & Jerry" blanks the body on xfce4-notifyd.
 */
export function markupEscaped(text: string): string {
  return text.replace(/[&<>]/g, (char) => MARKUP[char] ?? char);
}
