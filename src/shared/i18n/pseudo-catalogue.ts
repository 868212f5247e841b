/**
 * The popover's pseudo-locale catalogue: English made pseudo (pseudo.ts). Its own chunk, loaded only
 * for `--lang pseudo`; the popover's build puts the same catalogue here compiled ahead of time
 * (scripts/vite-i18n.ts), as it does for every language, with every section of en/ (so the lazy
 * History view's words, `historyView`, come from the same chunk).
 */
import { en, type LazyCatalogue, type PopoverCatalogue } from './en';
import { historyView as enHistoryView } from './en/history-view';
import { pseudoCatalogue } from './pseudo';

export const pseudo: PopoverCatalogue = pseudoCatalogue(en);
export const historyView: LazyCatalogue['historyView'] = pseudoCatalogue(enHistoryView);
