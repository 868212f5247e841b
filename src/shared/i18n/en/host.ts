/**
 * English words only the main process speaks: the tray's menu and tooltip and the viewers'
 * notifications (core.ts `tray`, `notify`), reminders' and health alerts' notifications, what a
 * refused key means, the connection test's findings, what an older Airwave lacks, and why a request
 * could not be done, why a request to a server failed, and the notes on
 * damaged or unsaved files. Not in index.ts, so the popover's first paint does not carry them.
 */
import { alerts, key, reminders, sync } from './alerts';
import { lacks, probe } from './probe';
import { errors } from './errors';
import { client, settingsFile, stored } from './client';
import { reading } from './reading';
import { notify, tray } from './core';

export const enHost = { tray, notify, reminders, alerts, key, sync, probe, lacks, errors, client, stored, settingsFile, reading };
