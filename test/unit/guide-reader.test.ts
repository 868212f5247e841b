import { describe, expect, it } from 'vitest';
import { GuideReader, GuideReadError, type GuideHeader } from '../../src/main/core/guide/reader';
import { parseGuide, type GuideChannel } from '../../src/shared/airwave';

// The guide reader's byte scanner on its own: whatever the chunking, with braces, brackets,
// escaped quotes and multi-byte characters inside strings, it gives what JSON.parse gives.

const LIMITS = { maxEntryBytes: 1024 * 1024, maxDepth: 16, maxChannels: 100, maxProgrammes: 1000 };

const tricky = {
  extra: { before: ['{', ']', '"'] },
  serverTime: '2026-09-27T18:00:00.000Z',
  windowMinutes: 60,
  channels: [
    {
      id: 'c"1}',
      number: 101,
      name: 'Quote \\" and brace { [ ] } — 日本語 🎬',
      callsign: null,
      icon: 'lucide:Laugh',
      tint: null,
      package: { id: 'p', key: null, name: '}}]]', icon: null, tint: null, nested: [[{ a: '\\' }]] },
      programs: [
        {
          ratingKey: '1',
          title: 'Ends with a backslash \\',
          type: 'episode',
          showTitle: '"',
          season: 1,
          episode: 2,
          year: 1999,
          summary: '\n\t\u2028 {"not": "an object"} \\" \\\\" \\\\\\"}] \\\\',
          startsAt: '2026-09-27T18:00:00.000Z',
          endsAt: '2026-09-27T18:30:00.000Z',
          durationSeconds: 1800,
          artworkUrl: null,
        },
      ],
    },
    { id: 'c2', number: 102, name: 'Plain', callsign: null, icon: null, tint: null, package: null, programs: [] },
  ],
  backMinutes: 15,
};

function read(bytes: Buffer, sizes: (i: number) => number): { header: GuideHeader | null; channels: GuideChannel[] } {
  const channels: GuideChannel[] = [];
  let header: GuideHeader | null = null;
  const reader = new GuideReader(LIMITS, { header: (h) => (header = h), channel: (c) => channels.push(c) }, (t) => t);
  for (let at = 0, n = 0; at < bytes.length; n++) {
    const size = Math.max(1, sizes(n));
    const piece = bytes.subarray(at, at + size);
    // a plain Uint8Array now and then, as well as Buffers
    reader.write(n % 3 === 0 ? new Uint8Array(piece) : piece);
    at += size;
  }
  reader.end(bytes.length);
  return { header, channels };
}

describe('GuideReader', () => {
  const body = Buffer.from(JSON.stringify(tricky, null, 1));
  const expected = parseGuide(JSON.parse(body.toString('utf8')));

  it('gives what the one-piece parse gives, one byte at a time and in uneven chunks', () => {
    for (const sizes of [() => 1, (n: number) => (n % 7) + 1, (n: number) => (n * 13) % 50, () => body.length]) {
      const { header, channels } = read(body, sizes);
      expect(channels).toEqual(expected.channels);
      // backMinutes comes after the channels here: the header is told again at the end
      expect(header).toEqual({ serverTime: expected.serverTime, windowMinutes: 60, backMinutes: 15 });
    }
  });

  it('cut anywhere, it says the guide ended early; with garbage in an entry, that it is not JSON', () => {
    for (let cut = 1; cut < body.length - 1; cut += 17) {
      expect(() => read(body.subarray(0, cut), () => 64), `cut at ${cut}`).toThrow(GuideReadError);
    }
    const broken = Buffer.from(body.toString('utf8').replace('"number": 102', '"number": nope'));
    expect(() => read(broken, () => 64)).toThrow(/not valid JSON \(channel 2/);
  });

  // issue 48: a bad row costs that row, in the streamed guide too
  it('leaves out an entry that is not a channel object (a string with braces in it, a number, a list holding objects), whatever the chunking', () => {
    const channel = (n: number) => ({ id: `c${n}`, number: n, name: `C{${n}`, callsign: null, icon: null, tint: null, package: null, programs: [] });
    for (const junk of ['"a str{ing"', '7', 'true', 'null', '[1,{"a":"}"},[2]]', '-1.5e3']) {
      const text = `{"serverTime":"2026-09-27T18:00:00.000Z","windowMinutes":60,"channels":[${JSON.stringify(channel(1))},${junk},${JSON.stringify(channel(2))}]}`;
      for (const size of [1, 3, 1000]) {
        const numbers: number[] = [];
        const reader = new GuideReader(LIMITS, { header: () => {}, channel: (c) => numbers.push(c.number) }, (t) => t);
        const bytes = Buffer.from(text);
        for (let i = 0; i < bytes.length; i += size) reader.write(bytes.subarray(i, i + size));
        reader.end(bytes.length);
        expect({ junk, size, numbers }).toEqual({ junk, size, numbers: [1, 2] });
        expect(reader.unreadable?.examples).toEqual(['channels[1]: expected Object']);
      }
    }
  });
});
