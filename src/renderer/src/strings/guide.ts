import { dayLabel, localTime, clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/**
 * The guide's words, from the catalogue in the language in use: chips, jumps, day labels, the
 * labels screen readers hear, and what a failed load says. Times and days go through Intl in that
 * language.
 */
const m = () => messages().guide;

/** local midnight at the start of the day `ms` falls in */
export function dayStart(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export const guideText = {
  get windowGroup() { return m().windowGroup; },
  /** a zoom chip: the hours it shows across the width, with the hour symbol */
  window: (n: number) => t(m().window, { n }),
  zoomHint: (n: number) => t(m().zoomShow, { n }),
  /** most of what is in view has no room for a title at this zoom */
  mostBare: (zoom: number) => (zoom > 1 ? m().mostBareZoom : m().mostBare),
  /** the day menu's button: the day at the left edge, and what it does */
  dayMenu: (day: string) => t(m().dayMenu, { day }),
  /** a time in the day menu: "Tomorrow 06:00", or "Tonight 20:00" */
  jumpAt: (at: number, now: number, tonight: boolean) => (tonight ? t(m().tonight, { ...clock(at) }) : t(m().jumpAt, { day: dayLabel(at, now), ...clock(at) })),
  get nothingScheduled() { return m().nothingScheduled; },
  get list() { return m().list; },
  get listHint() { return m().listHint; },
  byChannel: (channels: number) => t(m().byChannel, { n: channels }),
  channelFull: (number: number, name: string) => `${number} ${name}`,
  until: (ms: number) => t(m().until, { ...clock(ms) }),
  next: (ms: number) => localTime(ms),
  get nothingOn() { return m().nothingOn; },
  get jumpGroup() { return m().jumpGroup; },
  get now() { return m().now; },
  get nowLabel() { return m().nowLabel; },
  get plusHour() { return m().plusHour; },
  get plusHourLabel() { return m().plusHourLabel; },
  loadingWindow: (n: number) => t(m().loadingWindow, { n }),
  get loadingGuide() { return m().loadingGuide; },
  get notLoaded() { return m().notLoaded; },
  /** why the next hours did not load, and what stays on screen meanwhile: one message either way */
  failed: (n: number, reason: string, shown: number | null) => (shown ? t(m().failedShowing, { n, reason, shown }) : t(m().failed, { n, reason })),
  get bumper() { return m().bumper; },
  /** the marks (guide-marks.ts): a block's kind, NEW, followed, reminder; words the strip shows and screen readers hear */
  get kind() { return m().kind; },
  get fresh() { return m().fresh; },
  get followed() { return m().followed; },
  get reminded() { return m().reminded; },
  get onAir() { return m().onAir; },
  time: (ms: number) => localTime(ms),
  /** "Today", "Tomorrow", "Yesterday" (just after midnight the view starts before it), else "Wed 25 Nov" */
  day: (ms: number, now: number) => dayLabel(ms, now),
  channel: (number: number, name: string) => t(m().channel, { number, name }),
  /** what a block's visible title and time leave unsaid, for screen readers */
  blockRest: (fullTitle: string | null, starts: number, ends: number, channel: string, onAir: boolean, marks: { fresh: boolean; reminded: boolean; followed: boolean }) =>
    t(m().blockRest, {
      rest: fullTitle ? 'yes' : 'no',
      title: fullTitle ?? '',
      start: localTime(starts),
      end: localTime(ends),
      channel,
      onAir: onAir ? 'yes' : 'no',
      fresh: marks.fresh ? 'yes' : 'no',
      reminded: marks.reminded ? 'yes' : 'no',
      followed: marks.followed ? 'yes' : 'no',
    }),
  grid: (channels: number) => t(m().grid, { n: channels }),
  starredGrid: (channels: number) => t(m().starredGrid, { n: channels }),
  /** the toggle: its visible word, the name it is known by (which starts with that word), and its tooltip */
  get favourites() { return m().favourites; },
  get favouritesOnly() { return m().favouritesOnly; },
  get favouritesOnlyHint() { return m().favouritesOnlyHint; },
  get noFavourites() { return m().noFavourites; },
  get noFavouritesHint() { return m().noFavouritesHint; },
  get noFavouritesHere() { return m().noFavouritesHere; },
  get noFavouritesHereHint() { return m().noFavouritesHereHint; },
};
