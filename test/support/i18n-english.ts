/**
 * Every test process speaks English from the start, as the app's main process does (catalogues.ts
 * sets English as it loads): a unit that formats words without an AppController around it reads
 * the English catalogue. Tests of another language switch with applyLocale.
 */
import '../../src/shared/i18n/catalogues';
