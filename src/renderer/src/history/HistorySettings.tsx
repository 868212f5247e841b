import { useState } from 'preact/hooks';
import { HISTORY_RETENTION_DAYS, type HistoryDigest, type HistoryRetention } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { run } from '../features/actions';
import { snapshot } from '../state';
import { history as t } from '../strings/history';

/**
 * Settings' History section: how long the record is kept, the weekly digest (off by default: a day
 * and an hour when on), and "Clear history" behind a confirmation (a failure shows in the feature
 * settings' line above).
 */
export function HistorySettings() {
  const status = snapshot.value!.history;
  const retention = status.retentionDays;
  const digest = status.digest;
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const clear = async () => {
    setConfirming(false);
    if (await run(() => bridge.clearHistory({}))) setDone(t.cleared);
  };
  const setDigest = (change: Partial<HistoryDigest>) => void run(() => bridge.setHistoryDigest({ ...digest, ...change }));
  return (
    <section aria-labelledby="settings-history">
      <h2 id="settings-history">{t.settingsTitle}</h2>
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
      <label class="check">
        <input type="checkbox" checked={digest.enabled} onChange={(event) => setDigest({ enabled: (event.currentTarget as HTMLInputElement).checked })} />
        <span>{t.digestToggle}</span>
      </label>
      {digest.enabled ? (
        <div class="field field-inline" role="group" aria-label={t.digestWhen}>
          <span>{t.digestWhen}</span>
          <label>
            <span class="visually-hidden">{t.digestDay}</span>
            <select value={String(digest.weekday)} onChange={(event) => setDigest({ weekday: Number((event.currentTarget as HTMLSelectElement).value) })}>
              {[1, 2, 3, 4, 5, 6, 0].map((day) => (
                <option key={day} value={String(day)}>
                  {t.weekday(day)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span class="visually-hidden">{t.digestHour}</span>
            <select value={String(digest.hour)} onChange={(event) => setDigest({ hour: Number((event.currentTarget as HTMLSelectElement).value) })}>
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={String(hour)}>
                  {t.hourOfDay(hour)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <p class="hint">{t.digestHint}</p>
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
