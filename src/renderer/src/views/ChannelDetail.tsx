import { signal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Channel, NowSlot } from '../../../shared/airwave';
import type { ChannelLookup } from '../../../shared/bridge';
import { clock, fraction } from '../../../shared/format';
import { bridge } from '../bridge';
import { ChannelIcon, Progress } from '../components/bits';
import { label } from './OnNow';
import { channelDetail, now } from '../state';
import '../components/sheet.css';

/** `/channels?include=definition`, fetched once per popover session when a detail first opens. */
const channelList = signal<Channel[] | null>(null);
let channelsRequested = false;

type Lookup = { state: 'loading' } | { state: 'found'; value: ChannelLookup } | { state: 'missing'; message: string };

/** A channel: what is on and next (by number), its description, package, mode, provenance, definition. */
export function ChannelDetail({ number }: { number: number }) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let current = true;
    setLookup({ state: 'loading' });
    void bridge.lookupChannel({ number }).then((outcome) => {
      if (!current) return;
      setLookup(outcome.ok ? { state: 'found', value: outcome.value } : { state: 'missing', message: outcome.error.message });
    });
    if (!channelsRequested) {
      channelsRequested = true;
      void bridge.getChannels({ definition: true }).then((outcome) => {
        if (outcome.ok) channelList.value = outcome.value;
        else channelsRequested = false;
      });
    }
    closeRef.current?.focus();
    return () => {
      current = false;
    };
  }, [number]);

  const close = () => (channelDetail.value = null);
  const found = lookup.state === 'found' ? lookup.value : null;
  const channel = channelList.value?.find((c) => c.number === number) ?? found?.now.channel ?? null;
  const row = found?.channel ?? null;
  const name = channel?.name ?? row?.name ?? `Channel ${number}`;
  const at = now.value;
  return (
    <div class="sheet" role="dialog" aria-modal="true" aria-label={`Channel ${number}`} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), close())}>
      <div class="sheet-body">
        <button ref={closeRef} type="button" class="sheet-close" onClick={close} aria-label="Close channel">
          ×
        </button>
        <h2 class="sheet-title channel-heading">
          <span class="channel-number">{number}</span>
          <ChannelIcon icon={channel?.icon ?? row?.icon ?? null} tint={channel?.tint ?? row?.tint ?? null} size={20} />
          <span>{name}</span>
        </h2>
        {lookup.state === 'loading' ? <p class="muted" role="status">Looking up channel {number}…</p> : null}
        {lookup.state === 'missing' ? (
          <p class="inline-error" role="alert">
            {lookup.message}
          </p>
        ) : null}
        {found ? (
          <div class="slots">
            <Slot title="On now" slot={found.now.current} at={at} />
            <Slot title="Next" slot={found.now.next} at={at} />
          </div>
        ) : null}
        {channel ? (
          <>
            {channel.description ? <p class="sheet-summary">{channel.description}</p> : null}
            <dl class="facts">
              {channel.package ? (
                <>
                  <dt>Package</dt>
                  <dd>{channel.package.name}</dd>
                </>
              ) : null}
              <dt>Mode</dt>
              <dd>{channel.mode}</dd>
              <dt>Made by</dt>
              <dd>{channel.provenance === 'ai' ? 'AI' : channel.provenance}</dd>
              {!channel.enabled ? (
                <>
                  <dt>State</dt>
                  <dd>disabled</dd>
                </>
              ) : null}
            </dl>
            {channel.definition ? (
              <details class="definition">
                <summary>Definition</summary>
                <pre>{JSON.stringify(channel.definition, null, 2)}</pre>
              </details>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

function Slot({ title, slot, at }: { title: string; slot: NowSlot | null; at: number }) {
  if (!slot) {
    return (
      <section class="slot">
        <h3>{title}</h3>
        <p class="muted">Nothing scheduled</p>
      </section>
    );
  }
  const name = label(slot);
  const starts = Date.parse(slot.startsAt);
  return (
    <section class="slot">
      <h3>{title}</h3>
      <p class="slot-title">{name}</p>
      <p class="muted small">
        {clock(starts)}–{clock(Date.parse(slot.endsAt))}
      </p>
      {starts <= at ? <Progress value={fraction(slot.startsAt, slot.endsAt, at)} label={`${name} progress`} /> : null}
    </section>
  );
}
