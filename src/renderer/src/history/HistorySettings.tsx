import { useState } from 'preact/hooks';
import { HISTORY_RETENTION_DAYS, type HistoryRetention } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { run } from '../features/actions';
import { snapshot } from '../state';
import { history as t } from '../strings/history';

/** Settings' History part: how long the record is kept, and "Clear history" behind a confirmation (a failure shows in the feature settings' line above). */
export function HistorySettings() {
  const retention = snapshot.value!.history.retentionDays;
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const clear = async () => {
    setConfirming(false);
    if (await run(() => bridge.clearHistory({}))) setDone(t.cleared);
  };
  return (
    <section class="subsection" aria-labelledby="settings-history">
      <h3 id="settings-history">{t.settingsTitle}</h3>
      <label class="field field-inline">
        <span>{t.retention}</span>
        <select value={String(retention)} onChange={(event) => void run(() => bridge.setHistoryRetention({ days: Number((event.currentTarget as HTMLSelectElement).value) as HistoryRetention }))}>
          {HISTORY_RETENTION_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t.retentionChoice(days)}
            </option>
          ))}
        </select>
      </label>
      <p class="hint">{t.localOnly}</p>
      {confirming ? (
        <div class="history-confirm" role="group" aria-label={t.clearConfirm}>
          <p>{t.clearConfirm}</p>
          <button type="button" class="button button-danger" onClick={() => void clear()}>
            {t.clearYes}
          </button>{' '}
          <button type="button" class="button" autoFocus onClick={() => setConfirming(false)}>
            {t.clearNo}
          </button>
        </div>
      ) : (
        <button type="button" class="button" onClick={() => (setDone(null), setConfirming(true))}>
          {t.clear}
        </button>
      )}
      <p class="hint" role="status">
        {done}
      </p>
    </section>
  );
}
