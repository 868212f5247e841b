import type { FollowOutcome, FollowPolicy } from '../../../shared/bridge';
import { listOf, clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the feature views (stars, reminders, the watchlist, the activity log, health alerts), from the catalogue. */
const m = () => messages().features;

export const features = {
  get tab() { return m().tab; },
  get sections() { return m().sections; },
  get section() { return m().section; },
  get loadingHistory() { return m().loadingHistory; },
  star: (name: string) => t(m().star, { name }),
  unstar: (name: string) => t(m().unstar, { name }),
  get starred() { return m().starred; },
  get remind() { return m().remind; },
  remindAt: (what: string, at: number) => t(m().remindAt, { what, ...clock(at) }),
  get reminded() { return m().reminded; },
  /** why there is no Remind me for a programme on air */
  tooLateToRemind: (startedAt: number) => t(m().tooLateToRemind, { ...clock(startedAt) }),
  cancelReminderOf: (what: string, at: number) => t(m().cancelReminderOf, { what, ...clock(at) }),
  get follow() { return m().follow; },
  followTitle: (title: string) => t(m().followTitle, { title }),
  get following() { return m().following; },
  followingTitle: (title: string) => t(m().followingTitle, { title }),
  unfollowTitle: (title: string) => t(m().unfollowTitle, { title }),
  get unfollowHint() { return m().unfollowHint; },
  /** what one Follow did: "Following Matchday Live: next reminder 18:31 (and 2 more). Repeats are skipped." */
  followDone: (o: FollowOutcome) => {
    const how = o.policy === 'first' ? m().followFirst : m().followEvery;
    if (o.reminders === 0 || o.nextAt === null) return t(m().followNothing, { title: o.title, how });
    return t(m().followNext, { title: o.title, ...clock(Date.parse(o.nextAt)), more: o.reminders - 1, how, cap: o.cap });
  },
  get policy(): Record<FollowPolicy, string> { return m().policy; },
  policyLabel: (title: string) => t(m().policyLabel, { title }),
  get policyHint() { return m().policyHint; },
  get everyAiring() { return m().everyAiring; },
  get firstAirings() { return m().firstAirings; },
  cancelAllOf: (title: string, n: number) => t(m().cancelAllOf, { title, n }),
  cancelAll: (n: number) => t(m().cancelAll, { n }),
  get repeat() { return m().repeat; },
  get repeatHint() { return m().repeatHint; },
  failed: (message: string) => t(m().failed, { message }),
  // reminders
  get noReminders() { return m().noReminders; },
  get noRemindersHint() { return m().noRemindersHint; },
  reminderList: (n: number) => t(m().reminderList, { n }),
  get fromWatchlist() { return m().fromWatchlist; },
  get onNow() { return m().onNow; },
  get cancel() { return m().cancel; },
  leadHint: (minutes: number) => (minutes === 0 ? m().leadNone : t(m().leadHint, { n: minutes })),
  // watchlist
  get followLabel() { return m().followLabel; },
  get followPlaceholder() { return m().followPlaceholder; },
  followed: (n: number) => t(m().followed, { n }),
  get nothingFollowed() { return m().nothingFollowed; },
  get nothingFollowedHint() { return m().nothingFollowedHint; },
  get comingUpList() { return m().comingUpList; },
  get noAirings() { return m().noAirings; },
  scanned: (at: number) => t(m().scanned, { ...clock(at) }),
  get notScanned() { return m().notScanned; },
  // activity log
  get today() { return m().today; },
  get yesterday() { return m().yesterday; },
  get day() { return m().day; },
  get viewer() { return m().viewer; },
  get everyone() { return m().everyone; },
  get loadingLog() { return m().loadingLog; },
  /** `day` as the day menu shows it: "Today", "Yesterday" or a date */
  emptyLog: (day: string) => (day === m().today ? m().emptyLogToday : day === m().yesterday ? m().emptyLogYesterday : t(m().emptyLog, { day })),
  get emptyLogHint() { return m().emptyLogHint; },
  logList: (n: number) => t(m().logList, { n }),
  get whileAway() { return m().whileAway; },
  get whileAwayHint() { return m().whileAwayHint; },
  /** one log line, the person's name inside the sentence where the language puts it */
  started: (who: string, where: string) => t(m().started, { who, where, place: where === '' ? 'none' : 'some' }),
  stopped: (who: string, where: string) => t(m().stopped, { who, where, place: where === '' ? 'none' : 'some' }),
  changed: (who: string, from: string, to: string) => t(m().changed, { who, from, to }),
  // settings
  get settingsTitle() { return m().settingsTitle; },
  get lead() { return m().lead; },
  /** the unit beside the number box, agreeing with the number in it */
  leadUnit: (n: number) => t(m().leadUnit, { n }),
  leadRange: (min: number, max: number) => t(m().leadRange, { min, max }),
  get healthHint() { return m().healthHint; },
  get unreachable() { return m().unreachable; },
  unreachableUnit: (n: number) => t(m().unreachableUnit, { n }),
  unreachableRange: (min: number, max: number) => t(m().unreachableRange, { min, max }),
  get unreachableToggle() { return m().unreachableToggle; },
  get keyRejected() { return m().keyRejected; },
  get versionChanged() { return m().versionChanged; },
  get webhookDisabled() { return m().webhookDisabled; },
  webhookNote: (server: string | null, name: string, when: string) => t(server ? m().webhookNoteOn : m().webhookNote, { server: server ?? '', name, when }),
  get streamFull() { return m().streamFull; },
  /** nothing logged today while people watch: they started before the log did */
  watchingNow: (names: string[]) =>
    names.length <= 4 ? t(m().watchingNow, { names: listOf(names), more: 0 }) : t(m().watchingNow, { names: listOf(names.slice(0, 3), undefined, 'unit'), more: names.length - 3 }),
};
