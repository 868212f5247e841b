import { clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the On now list, read from the catalogue in the language in use. */
const m = () => messages().onNow;

export const onNow = {
  get loading() { return m().loading; },
  get failed() { return m().failed; },
  get empty() { return m().empty; },
  list: (n: number) => t(m().list, { n }),
  get nothingOn() { return m().nothingOn; },
  /** the app holds nothing current for the channel: it asks the server again shortly */
  get waiting() { return m().waiting; },
  /** a row not read from the core yet */
  get loadingRow() { return m().loadingRow; },
  bumper: (title: string) => t(m().bumper, { title }),
  /** a break airs: what comes next and when ("Break · then Matchday Live at 18:32"); the tray says it too */
  breakLine: (at: number, title: string) => t(m().breakLine, { ...clock(at), title }),
  progress: (what: string) => t(m().progress, { what }),
  /** every slot the server held has ended and it has nothing newer (a stale schedule) */
  nothingSince: (at: number) => t(m().nothingSince, clock(at)),
};
