import { useEffect } from 'preact/hooks';
import type { FeatureSettingsPatch, HealthAlertSettings } from '../../../shared/bridge';
import { when } from '../../../shared/format';
import { now, snapshot } from '../state';
import { bridge } from '../bridge';
import { features as t } from '../strings/features';
import { featureError, run } from './actions';

/**
 * Settings for reminders (the lead time) and the server health alerts, each applied at once:
 * `notifications` is what a user chooses among the notifications, `advanced` the alert about the
 * server's live updates (a stream internal, under Advanced).
 */
const LEAD = { min: 0, max: 60 };
const UNREACHABLE = { min: 1, max: 120 };

export function FeatureSettings({ part }: { part: 'notifications' | 'advanced' }) {
  useEffect(() => void (featureError.value = null), []);
  const f = snapshot.value!.featureSettings;
  const h = f.health;
  const apply = (patch: FeatureSettingsPatch) => void run(() => bridge.updateFeatureSettings(patch));
  const number = (range: { min: number; max: number }, message: string, patch: (value: number) => FeatureSettingsPatch) => (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const value = Number(input.value);
    if (input.value.trim() !== '' && Number.isInteger(value) && value >= range.min && value <= range.max) apply(patch(value));
    else featureError.value = message;
  };
  const toggle = (key: keyof Omit<HealthAlertSettings, 'unreachableMinutes'>) => (event: Event) => apply({ health: { [key]: (event.currentTarget as HTMLInputElement).checked } });
  const problem = featureError.value ? (
    <p class="inline-error" role="alert">
      {featureError.value}
    </p>
  ) : null;
  if (part === 'advanced') {
    return (
      <>
        <label class="check">
          <input type="checkbox" checked={h.streamFull} onChange={toggle('streamFull')} />
          <span>{t.streamFull}</span>
        </label>
        {problem}
      </>
    );
  }
  return (
    <section class="subsection" aria-labelledby="settings-features">
      <h3 id="settings-features">{t.settingsTitle}</h3>
      <label class="field field-inline">
        <span>{t.lead}</span>
        <input type="number" min={LEAD.min} max={LEAD.max} step={1} value={f.reminderLeadMinutes} onChange={number(LEAD, t.leadRange(LEAD.min, LEAD.max), (v) => ({ reminderLeadMinutes: v }))} />
        <span>{t.leadUnit(f.reminderLeadMinutes)}</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={h.unreachable} onChange={toggle('unreachable')} />
        <span>{t.unreachableToggle}</span>
      </label>
      {h.unreachable ? (
        <label class="field field-inline field-nested">
          <span>{t.unreachable}</span>
          <input
            type="number"
            min={UNREACHABLE.min}
            max={UNREACHABLE.max}
            step={1}
            value={h.unreachableMinutes}
            onChange={number(UNREACHABLE, t.unreachableRange(UNREACHABLE.min, UNREACHABLE.max), (v) => ({ health: { unreachableMinutes: v } }))}
          />
          <span>{t.unreachableUnit(h.unreachableMinutes)}</span>
        </label>
      ) : null}
      <label class="check">
        <input type="checkbox" checked={h.keyRejected} onChange={toggle('keyRejected')} />
        <span>{t.keyRejected}</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={h.versionChanged} onChange={toggle('versionChanged')} />
        <span>{t.versionChanged}</span>
      </label>
      <label class="check">
        <input type="checkbox" checked={h.webhookDisabled} onChange={toggle('webhookDisabled')} />
        <span>{t.webhookDisabled}</span>
      </label>
      {h.webhookDisabled
        ? snapshot.value!.webhookNotes.map((note) => (
            <p class="hint webhook-note" key={`${note.server ?? ''}-${note.name}-${note.disabledAt}`}>
              {t.webhookNote(note.server, note.name, when(note.disabledAt, now.value))}
            </p>
          ))
        : null}
      <p class="hint">{t.healthHint}</p>
      {problem}
    </section>
  );
}
