/** Español: el catálogo completo (las mismas claves y variables que el inglés). */
import type { Catalogue } from '../en';
import { channel, common, groups, onNow, search, watching } from './popover';
import { features, guide } from './guide';
import { servers, settings } from './settings';
import { connection, notify, time, tray } from './core';
import { history } from './history';
import { alerts, key, reminders, sync } from './alerts';
import { lacks, probe } from './probe';
import { errors } from './errors';

export const es: Catalogue = { common, watching, onNow, channel, groups, search, guide, features, history, settings, servers, time, connection, tray, notify, reminders, alerts, key, sync, probe, lacks, errors };
