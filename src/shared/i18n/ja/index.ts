/** 日本語：完全なカタログ（英語と同じキーとプレースホルダー）. */
import type { PopoverCatalogue } from '../en';
import { channel, common, groups, onNow, search, watching } from './popover';
import { features, guide } from './guide';
import { servers, settings } from './settings';
import { connection, time } from './core';
import { history } from './history';

export const ja: PopoverCatalogue = { common, watching, onNow, channel, groups, search, guide, features, history, settings, servers, time, connection };
