import { clock } from '../../../shared/format';
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
  found: (n: number) => t(m().found, { n }),
  held: (at: number) => t(m().held, { ...clock(at) }),
  nothing: (query: string, channels: number) => t(m().nothing, { query, channels }),
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
