import { clock, when } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the channel sheet (modes and provenance explained in plain words), from the catalogue. */
const m = () => messages().channel;

export const channel = {
  dialog: (n: number) => t(m().dialog, { n }),
  fallbackName: (n: number) => t(m().fallbackName, { n }),
  noSuchChannel: (n: number) => t(m().noSuchChannel, { n }),
  get close() { return m().close; },
  looking: (n: number) => t(m().looking, { n }),
  /** what the sheet shows was on screen at `at`, said with the one "when" ("at 18:02", "yesterday at 18:02"); "earlier" when the app does not know when */
  heldAnswer: (at: number | null, now = Date.now()) => t(m().heldAnswer, at !== null ? { known: 'yes', when: when(at, now) } : { known: 'no' }),
  get onNow() { return m().onNow; },
  get next() { return m().next; },
  /** a break airs now: the sheet's On now names it, and when the programme after it starts */
  get onBreak() { return m().onBreak; },
  breakUntil: (at: number) => t(m().breakUntil, clock(at)),
  get later() { return m().later; },
  get laterHint() { return m().laterHint; },
  laterFromServer: (hours: number) => t(m().laterFromServer, { hours }),
  /** the later programmes come from the guide the app held at `at` (the one "when": its day when not today) */
  laterFromGuide: (at: number | null, now = Date.now()) => t(m().laterFromGuide, at !== null ? { known: 'yes', when: when(at, now) } : { known: 'no' }),
  get nothing() { return m().nothing; },
  get package() { return m().package; },
  get mode() { return m().mode; },
  get provenance() { return m().provenance; },
  get state() { return m().state; },
  get disabled() { return m().disabled; },
  get modes(): Record<string, string> { return m().modes; },
  get provenances(): Record<string, string> { return m().provenances; },
  get definition() { return m().definition; },
  get technical() { return m().technical; },
  get noSentence() { return m().noSentence; },
  get raw() { return m().raw; },
  get empty() { return m().empty; },
  progress: (what: string) => t(m().progress, { what }),
};
