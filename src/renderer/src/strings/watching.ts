import { clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the Watching view and the viewer sheet, read from the catalogue in the language in use. */
const m = () => messages().watching;

export const watching = {
  get loading() { return m().loading; },
  get failed() { return m().failed; },
  get nobody() { return m().nobody; },
  get notifyOn() { return m().notifyOn; },
  get notifyOff() { return m().notifyOff; },
  notifyPaused: (until: number) => t(m().notifyPaused, { ...clock(until) }),
  notifyQuiet: (start: string, end: string) => t(m().notifyQuiet, { start, end }),
  list: (n: number) => t(m().list, { n }),
  get density() { return m().density; },
  get byChannel() { return m().byChannel; },
  get byChannelHint() { return m().byChannelHint; },
  get densityHint() { return m().densityHint; },
  get something() { return m().something; },
  posterOf: (what: string) => t(m().posterOf, { what }),
  left: (text: string) => t(m().left, { time: text }),
  ends: (at: number) => t(m().ends, clock(at)),
  get unknownChannel() { return m().unknownChannel; },
  progressOf: (what: string) => t(m().progressOf, { what }),
  since: (at: number) => t(m().since, { ...clock(at) }),
  get state(): Record<string, string> { return m().state; },
  get stationBreak() { return m().stationBreak; },
  get hdr() { return m().hdr; },
  sheetTitle: (user: string) => `${user}`,
  get facts() { return m().facts; },
  get unknown() { return m().unknown; },
  get closeSheet() { return m().closeSheet; },
  get openChannel() { return m().openChannel; },
  position: (at: string, total: string) => t(m().position, { at, total }),
  /** the end the server gave has passed and no newer answer says otherwise */
  get mayHaveEnded() { return m().mayHaveEnded; },
  get onDevicePrefix() { return m().onDevicePrefix; },
  get densityGrouped() { return m().densityGrouped; },
  /** a viewer tuned to a channel with nothing on: "on 106 Dead Air · nothing on" */
  nothingOn: (channel: string | null) => (channel ? t(m().nothingOnAt, { channel }) : m().nothingOn),
};
