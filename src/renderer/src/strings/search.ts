import { clock, dayClock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the search sheet, from the catalogue. */
const m = () => messages().search;

export const search = {
  get dialog() { return m().dialog; },
  get placeholder() { return m().placeholder; },
  get label() { return m().label; },
  get close() { return m().close; },
  get closeWord() { return m().closeWord; },
  get closeHint() { return m().closeHint; },
  get clear() { return m().clear; },
  get scopeDay() { return m().scopeDay; },
  get scopeNow() { return m().scopeNow; },
  get searching() { return m().searching; },
  /** what a search found, and in what it searched: the hours of guide, else (none could be searched) on now and next */
  found: (n: number, hours: number) => (hours > 0 ? t(m().found, { n, hours }) : t(m().foundNow, { n })),
  held: (at: number, now = Date.now()) => t(m().held, dayClock(at, now)),
  nothing: (query: string, hours: number, channels: number) => t(m().nothing, { query, hours, channels }),
  /** no guide was searched (it could not be had): only what is on now and next, and who watches */
  nothingNow: (query: string, channels: number) => t(m().nothingNow, { query, channels }),
  followInstead: (query: string) => t(m().followInstead, { query }),
  showAll: (n: number) => t(m().showAll, { n }),
  until: (ms: number) => t(m().until, { ...clock(ms) }),
  get group() { return m().group; },
  get results() { return m().results; },
  get channel() { return m().channel; },
  get viewer() { return m().viewer; },
  get onNow() { return m().onNow; },
  get heldOnly() { return m().heldOnly; },
  nobodyCalled: (query: string) => t(m().nobodyCalled, { query }),
  /** a programme's row: how many more airings match than the one shown */
  moreAirings: (n: number) => t(m().moreAirings, { n }),
  showAirings: (n: number, title: string) => t(m().showAirings, { n, title }),
  hideAirings: (title: string) => t(m().hideAirings, { title }),
  airingsCut: (shown: number, n: number) => t(m().airingsCut, { shown, n }),
};
