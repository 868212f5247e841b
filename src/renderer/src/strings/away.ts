import type { HistoryAway } from '../../../shared/bridge';
import { since } from '../../../shared/format';
import { momentIn } from '../../../shared/history-figures';
import { messages, t } from '../../../shared/i18n/messages';

/**
 * Words of the "while you were away" line at the top of Watching, from History's first-paint
 * section (i18n/<lang>/history.ts; the History view's own words load with it: strings/history.ts).
 * One sentence per case, with or without the peak; the peak names its day in a range longer than
 * a day (shared/history-figures.ts), as History opened from the line says it.
 */
const m = () => messages().history;

export const away = {
  line: (a: HistoryAway, now: number) => {
    const from = since(a.since, now);
    if (a.people === 0) return t(m().awayNobody, { since: from });
    if (!a.peak) return t(m().away, { since: from, people: a.people, programmes: a.programmes });
    return t(m().awayPeak, { since: from, people: a.people, programmes: a.programmes, count: a.peak.count, when: momentIn(a.peak.at, { from: a.since, to: a.to }, now) });
  },
  get open() { return m().awayOpen; },
};
