/**
 * The main process's words, there from the first import: messages() and t() of shared/i18n, with
 * catalogues.ts loaded first (it sets English until the settings say otherwise). A module that may
 * speak before the AppController exists (the API client under the doctor or a bench, the first
 * state, the stored files) imports them from here, so it never finds no language loaded.
 */
import '../../shared/i18n/catalogues';

export { lang, messages, t } from '../../shared/i18n/messages';
