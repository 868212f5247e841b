/** Français: the words only the main process speaks (see ../en/host.ts). */
import type { HostCatalogue } from '../en';
import { alerts, key, reminders, sync } from './alerts';
import { lacks, probe } from './probe';
import { errors } from './errors';
import { client, settingsFile, stored } from './client';
import { reading } from './reading';
import { notify, tray } from './core';

export const frHost: HostCatalogue = { tray, notify, reminders, alerts, key, sync, probe, lacks, errors, client, stored, settingsFile, reading };
