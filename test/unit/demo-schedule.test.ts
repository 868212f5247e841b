import { describe, expect, it } from 'vitest';
import { parseArtworkPath } from '../../src/shared/airwave';
import { isKnownRatingKey, MOVIES, SHOWS } from '../../src/main/demo/catalog';
import { generateChannels } from '../../src/main/demo/channels';
import { BLOCK_MS, Schedules } from '../../src/main/demo/schedule';

const T0 = Date.parse('2026-09-27T00:00:00.000Z');
const DAY = 24 * 3_600_000;

describe('demo channels', () => {
  it('are numbered from 101, with unique ids, and exactly one empty channel', () => {
    const channels = generateChannels(1, 40);
    expect(channels.map((c) => c.record.number)).toEqual(Array.from({ length: 40 }, (_, i) => 101 + i));
    expect(new Set(channels.map((c) => c.record.id)).size).toBe(40);
    expect(channels.filter((c) => c.empty)).toHaveLength(1);
  });

  it('carry the awkward cases on purpose: unknown and missing icons, no package, no callsign', () => {
    const records = generateChannels(1, 16).map((c) => c.record);
    expect(records.some((r) => r.icon === 'lucide:NoSuchIcon')).toBe(true);
    expect(records.some((r) => r.icon === null)).toBe(true);
    expect(records.some((r) => r.package === null)).toBe(true);
    expect(records.some((r) => r.callsign === null)).toBe(true);
    expect(records.every((r) => r.icon === null || r.icon.startsWith('lucide:'))).toBe(true);
  });

  it('follow the seed', () => {
    expect(generateChannels(5, 3).map((c) => c.record.id)).toEqual(generateChannels(5, 3).map((c) => c.record.id));
    expect(generateChannels(5, 3)[0]?.record.id).not.toBe(generateChannels(6, 3)[0]?.record.id);
  });
});

describe('demo schedules', () => {
  const channels = generateChannels(1, 16);
  const playable = channels.filter((c) => !c.empty);

  it('are contiguous for a whole day: no gaps, no overlaps, across block boundaries', () => {
    const schedules = new Schedules(1);
    for (const channel of playable) {
      const slots = schedules.between(channel, T0, T0 + DAY);
      expect(slots[0]?.start).toBeLessThanOrEqual(T0);
      expect(slots.at(-1)?.end).toBeGreaterThanOrEqual(T0 + DAY);
      for (let i = 1; i < slots.length; i++) expect(slots[i]?.start).toBe(slots[i - 1]?.end);
      for (const slot of slots) {
        expect(slot.end).toBeGreaterThan(slot.start);
        expect(slot.program.durationSeconds).toBe((slot.end - slot.start) / 1000);
        expect(Date.parse(slot.program.startsAt)).toBe(slot.start);
        expect(Date.parse(slot.program.endsAt)).toBe(slot.end);
      }
    }
  });

  it('are a pure function of seed, channel and time', () => {
    const a = new Schedules(9).between(playable[0]!, T0, T0 + DAY).map((s) => s.program);
    const b = new Schedules(9).between(playable[0]!, T0, T0 + DAY).map((s) => s.program);
    const c = new Schedules(10).between(playable[0]!, T0, T0 + DAY).map((s) => s.program);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('agree at any instant with the slots listed for a window', () => {
    const schedules = new Schedules(3);
    const channel = playable[1]!;
    const slots = schedules.between(channel, T0, T0 + DAY);
    for (const slot of slots.slice(0, 40)) {
      for (const t of [slot.start, slot.end - 1, Math.floor((slot.start + slot.end) / 2)]) {
        const { current, next } = schedules.at(channel, t);
        expect(current?.program).toEqual(slot.program);
        expect(next?.start).toBe(slot.end);
      }
    }
    // Across a block boundary: the last slot of one block is followed by the first of the next.
    const boundary = T0 + BLOCK_MS;
    expect(schedules.at(channel, boundary - 1).next?.start).toBe(boundary);
    expect(schedules.at(channel, boundary).current?.start).toBe(boundary);
  });

  it('mark bumpers with no rating key and no artwork, and give programmes valid artwork paths', () => {
    const slots = new Schedules(1).between(playable[0]!, T0, T0 + DAY);
    const bumpers = slots.filter((s) => s.bumper);
    expect(bumpers.length).toBeGreaterThan(0);
    for (const b of bumpers) expect(b.program).toMatchObject({ ratingKey: null, artworkUrl: null, type: null });
    for (const p of slots.filter((s) => !s.bumper)) {
      expect(p.program.ratingKey && isKnownRatingKey(p.program.ratingKey)).toBe(true);
      const art = parseArtworkPath(p.program.artworkUrl ?? '');
      expect(art?.channelId).toBe(playable[0]!.record.id);
      expect(isKnownRatingKey(art?.ratingKey ?? '')).toBe(true);
    }
  });

  it('leave the empty channel empty', () => {
    const empty = channels.find((c) => c.empty)!;
    const schedules = new Schedules(1);
    expect(schedules.between(empty, T0, T0 + DAY)).toEqual([]);
    expect(schedules.at(empty, T0)).toEqual({ current: null, next: null });
  });
});

describe('demo catalogue', () => {
  it('includes unicode, right-to-left and very long titles, and missing fields', () => {
    const titles = [...SHOWS, ...MOVIES].map((i) => i.title);
    expect(titles.some((t) => /[\u0600-\u06ff]/.test(t))).toBe(true);
    expect(titles.some((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t))).toBe(true);
    expect(titles.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true);
    expect(Math.max(...titles.map((t) => t.length))).toBeGreaterThan(200);
    expect([...SHOWS, ...MOVIES].some((i) => i.summary === null)).toBe(true);
    expect([...SHOWS, ...MOVIES].some((i) => i.year === null)).toBe(true);
  });

  it('knows its rating keys, including episode keys, and nothing else', () => {
    const show = SHOWS[0]!;
    expect(isKnownRatingKey(show.key)).toBe(true);
    expect(isKnownRatingKey(`${show.key}0101`)).toBe(true);
    expect(isKnownRatingKey(`${show.key}9901`)).toBe(false);
    expect(isKnownRatingKey('1')).toBe(false);
    expect(isKnownRatingKey('../etc')).toBe(false);
  });
});
