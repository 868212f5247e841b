import { signal } from '@preact/signals';
import type { ActivitySection } from '../../../shared/bridge';

/**
 * Owns which part of the Activity tab is shown (the section, and the log's day and viewer), kept
 * apart from the view so a notification click can land on a section before the tab renders.
 */

/** the viewing log first: "who watched what" is what the tab is opened for; reminders are one tap away */
export const activitySection = signal<ActivitySection>('log');
export const logDay = signal<'today' | 'yesterday'>('today');
export const logUser = signal<string>('');

/** Lands on a section; the log opens on today, everyone (what a "while you were away" summary is about). */
export function showActivitySection(section: ActivitySection): void {
  activitySection.value = section;
  if (section === 'log') {
    logDay.value = 'today';
    logUser.value = '';
  }
}
