/** Français : le catalogue complet (mêmes clés et variables que l’anglais). */
import type { PopoverCatalogue } from '../en';
import { channel, common, groups, onNow, search, watching } from './popover';
import { features, guide } from './guide';
import { servers, settings } from './settings';
import { connection, time } from './core';
import { history } from './history';

export const fr: PopoverCatalogue = { common, watching, onNow, channel, groups, search, guide, features, history, settings, servers, time, connection };
