import { describe, expect, it } from 'vitest';
import { boundedJson, OPAQUE_CUT, OPAQUE_LIMITS, parseChannels, parseNowPlaying, parseStatus } from '../../src/shared/airwave';
import { boundText, displaySafe, markupEscaped, terminalSafe, TEXT_LIMITS } from '../../src/shared/text';

describe('boundText', () => {
  it('returns short text as it is and cuts long text with an ellipsis, at most the limit', () => {
    const short = 'Friends';
    expect(boundText(short, 10)).toBe(short);
    expect(boundText('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(boundText('abcdefghijk', 10)).toHaveLength(10);
  });

  it('never leaves half of a surrogate pair at the cut', () => {
    const cut = boundText(`abcdefgh📺xyz`, 10);
    expect(cut).toBe('abcdefgh…');
    expect(cut).not.toMatch(/[\ud800-\udbff]…/);
  });
});

describe('terminalSafe', () => {
  it('shows escape sequences as text: OSC 52 clipboard, title, clear screen, hyperlink, C1 CSI', () => {
    const hostile = [
      '\u001b]52;c;ZXZpbA==\u0007', // clipboard write
      '\u001b]0;pwned\u0007', // window title
      '\u001b[2J\u001b[H', // clear screen
      '\u001b]8;;http://evil.example/\u001b\\click\u001b]8;;\u001b\\', // hyperlink
      '\u009b31m', // 8-bit CSI
      '\u202eexe.txt', // right-to-left override
      '\ud800', // lone surrogate
    ].join(' ');
    const safe = terminalSafe(hostile);
    // eslint-disable-next-line no-control-regex -- the point of the test
    expect(safe).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/);
    expect(safe).toContain('\\u001B]52;c;ZXZpbA==\\u0007');
    expect(safe).toContain('\\u009B31m');
    expect(safe).toContain('\\u202Eexe.txt');
  });

  it('keeps line feeds and tabs, so reports keep their layout', () => {
    expect(terminalSafe('✓ Status\n\tHome')).toBe('✓ Status\n\tHome');
  });

  it('keeps a JSON document valid and its strings equal', () => {
    const value = { name: 'Home\u009b\u202e' };
    const printed = terminalSafe(JSON.stringify(value));
    expect(JSON.parse(printed)).toEqual(value);
  });
});

describe('displaySafe and markupEscaped', () => {
  it('turns controls into spaces, drops bidi overrides, replaces lone surrogates', () => {
    expect(displaySafe('a\u0000b\u202ec\u2067d\udc00e')).toBe('a bcd\ufffde');
    expect(displaySafe('one\ntwo', true)).toBe('one\ntwo');
    expect(displaySafe('one\ntwo')).toBe('one two');
  });

  it('escapes the characters a markup-reading notification server would obey', () => {
    expect(markupEscaped('Tom & Jerry <b>bold</b> <img src="x">')).toBe('Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; &lt;img src="x"&gt;');
  });
});

describe('server text is bounded where it enters the app', () => {
  it('cuts a 4 MB viewer name and title from /now-playing to the limits', () => {
    const huge = 'N'.repeat(4 * 1024 * 1024);
    const { nowPlaying } = parseNowPlaying({
      nowPlaying: [{ user: huge, channelNumber: 1, channelName: huge, title: huge, showTitle: huge, artworkUrl: null, progress: null, device: { model: huge, platform: huge } }],
    });
    const [entry] = nowPlaying;
    expect(entry?.user).toHaveLength(TEXT_LIMITS.name);
    expect(entry?.user.endsWith('…')).toBe(true);
    expect(entry?.channelName).toHaveLength(TEXT_LIMITS.name);
    expect(entry?.title).toHaveLength(TEXT_LIMITS.title);
    expect(entry?.device?.model).toHaveLength(TEXT_LIMITS.name);
  });

  it('cuts a server name from /status, and keeps ordinary names whole', () => {
    const status = parseStatus({ product: 'airwave', version: '0.15.13', instanceId: 'i', name: 'S'.repeat(10_000), time: null, timezone: null });
    expect(status.name).toHaveLength(TEXT_LIMITS.name);
    expect(parseStatus({ product: 'airwave', version: '0.15.13', instanceId: 'i', name: 'Home', time: null, timezone: null }).name).toBe('Home');
  });
});

describe('a free-form definition is kept within limits', () => {
  it('cuts nesting 4,000 levels deep, so showing it indented stays small', () => {
    const deep = JSON.parse(`{"clauses":${'['.repeat(4_000)}${']'.repeat(4_000)}}`) as Record<string, unknown>;
    const [channel] = parseChannels({ channels: [{ id: 'c1', number: 1, name: 'One', definition: deep }] }).channels;
    const shown = JSON.stringify(channel?.definition, null, 2);
    expect(shown.length).toBeLessThan(10_000);
    expect(shown).toContain(OPAQUE_CUT);
  });

  it('cuts a definition with a million values and long strings, and keeps an ordinary one whole', () => {
    const wide = { items: Array.from({ length: 1_000_000 }, (_, i) => i), note: 'n'.repeat(100_000) };
    const bounded = boundedJson(wide) as { items: unknown[]; note: string };
    expect(bounded.items.length).toBeLessThanOrEqual(OPAQUE_LIMITS.values + 1);
    expect(bounded.items.at(-1)).toBe(OPAQUE_CUT);
    const ordinary = { strategy: 'shuffle', clauses: [{ field: 'genre', op: 'is', value: 'Sitcom' }], sort: { field: 'title', direction: 'asc' } };
    expect(boundedJson(ordinary)).toEqual(ordinary);
  });
});
