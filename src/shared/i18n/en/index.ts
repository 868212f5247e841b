/**
 * English: the source of the catalogue. Every other language has exactly these keys and, in each
 * message, the same placeholders (test/unit/i18n-catalogue.test.ts); its type is the catalogue's.
 * The main process's own words are in host.ts, kept out of the popover's chunk; the History view's
 * (and Settings → History's) are in history-view.ts, loaded with that view (load.ts).
 */
import { channel, common, groups, onNow, search, watching } from './popover';
import { features, guide } from './guide';
import { servers, settings } from './settings';
import { connection, time } from './core';
import { history } from './history';
import type { enHost } from './host';
import type { historyView } from './history-view';

export const en = { common, watching, onNow, channel, groups, search, guide, features, history, settings, servers, time, connection };

/** A catalogue's shape: en's keys, every message a string. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** The words the popover reads: each language's index.ts, the one chunk its first paint loads. */
export type PopoverCatalogue = Shape<typeof en>;
/** The words only the main process speaks (host.ts: alerts, reminders, the connection test, errors). */
export type HostCatalogue = Shape<typeof enHost>;
/** The words a lazy view loads with its own chunk (history-view.ts: History, a person's page, Settings → History). */
export type LazyCatalogue = { readonly historyView: Shape<typeof historyView> };
/** Every word of a language, as the main process holds it. */
export type Catalogue = PopoverCatalogue & HostCatalogue & LazyCatalogue;
