import { describe, expect, it } from 'vitest';
import { applySnapshotUpdate, COMMANDS, type AppSnapshot } from '../../src/shared/bridge';
import { checkRequest } from '../../src/shared/bridge-schema';

// The feature commands as the hosts check them before a handler runs: what a programme reference,
// a title, an activity query and a settings patch may be, and what is refused with a reason.

const programme = {
  channelId: 'ch-101',
  channelNumber: 101,
  channelName: '90s Sitcoms',
  title: 'The One with the Cake',
  showTitle: 'Friends',
  ratingKey: '5001',
  startsAt: '2026-09-27T18:30:00.000Z',
  endsAt: '2026-09-27T19:00:00.000Z',
};

describe('feature commands at the bridge', () => {
  it('are all listed', () => {
    for (const command of ['setFavourite', 'addReminder', 'cancelReminder', 'follow', 'unfollow', 'getActivity', 'updateFeatureSettings']) {
      expect(COMMANDS).toContain(command);
    }
  });

  it('accept a programme as the server sent it, and refuse a bad time, an empty title or extra fields', () => {
    expect(checkRequest('addReminder', programme)).toEqual({ ok: true, request: programme });
    expect(checkRequest('addReminder', { ...programme, ratingKey: null, showTitle: null }).ok).toBe(true);
    expect(checkRequest('addReminder', { ...programme, startsAt: 'tonight' })).toMatchObject({ ok: false, reason: expect.stringContaining('addReminder: startsAt') });
    expect(checkRequest('addReminder', { ...programme, title: '   ' })).toMatchObject({ ok: false, reason: expect.stringContaining('title') });
    expect(checkRequest('addReminder', { ...programme, channelId: '' }).ok).toBe(false);
    expect(checkRequest('addReminder', { ...programme, extra: 1 }).ok).toBe(false);
  });

  it('trim followed titles and bound their length', () => {
    expect(checkRequest('follow', { title: '  Friends ' })).toEqual({ ok: true, request: { title: 'Friends' } });
    expect(checkRequest('follow', { title: 'x'.repeat(301) }).ok).toBe(false);
  });

  it('bound the activity query and the settings patch', () => {
    expect(checkRequest('getActivity', { day: 'yesterday', user: 'Ann' }).ok).toBe(true);
    expect(checkRequest('getActivity', { day: 'last week' }).ok).toBe(false);
    expect(checkRequest('updateFeatureSettings', { reminderLeadMinutes: 5, health: { unreachableMinutes: 10, streamFull: false } }).ok).toBe(true);
    expect(checkRequest('updateFeatureSettings', { reminderLeadMinutes: 61 }).ok).toBe(false);
    expect(checkRequest('updateFeatureSettings', { health: { unreachableMinutes: 0 } }).ok).toBe(false);
    expect(checkRequest('updateFeatureSettings', { health: { sirens: true } }).ok).toBe(false);
    expect(checkRequest('setFavourite', { channelId: 'a', channelNumber: 2 ** 60, channelName: 'A', favourite: true }).ok).toBe(false);
  });

  it('push feature parts as plain values in snapshot updates', () => {
    const held = { favourites: [], reminders: [] } as unknown as AppSnapshot;
    const next = applySnapshotUpdate(held, { full: false, parts: { favourites: [{ channelId: 'a', channelNumber: 1, channelName: 'A' }] } });
    expect(next!.favourites).toHaveLength(1);
    expect(next!.reminders).toEqual([]);
  });
});
