/**
 * The popover's pseudo-locale catalogue: English made pseudo (pseudo.ts). Its own chunk, loaded only
 * for `--lang pseudo`; the popover's build puts the same catalogue here compiled ahead of time
 * (scripts/vite-i18n.ts), as it does for every language.
 */
import { en, type PopoverCatalogue } from './en';
import { pseudoCatalogue } from './pseudo';

export const pseudo: PopoverCatalogue = pseudoCatalogue(en);
