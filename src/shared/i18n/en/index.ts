/**
 * English: the source of the catalogue. Every other language has exactly these keys and, in each
 * message, the same placeholders (test/unit/i18n-catalogue.test.ts); its type is the catalogue's.
 */
import { channel, common, groups, onNow, search, watching } from './popover';
import { features, guide } from './guide';
import { servers, settings } from './settings';
import { connection, notify, time, tray } from './core';
import { history } from './history';
import { alerts, key, reminders, sync } from './alerts';
import { lacks, probe } from './probe';
import { errors } from './errors';

export const en = { common, watching, onNow, channel, groups, search, guide, features, history, settings, servers, time, connection, tray, notify, reminders, alerts, key, sync, probe, lacks, errors };

/** A catalogue's shape: en's keys, every message a string. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Catalogue = Shape<typeof en>;
