import { signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Channel, GuideChannel, GuideNowRow, Program, UntimedProgram } from '../../../shared/airwave';
import { SHEET_HOURS, type ChannelLookup, type ChannelScheduleView } from '../../../shared/bridge';
import { fraction, localTime, programmeTitle } from '../../../shared/format';
import { endedSince, isBumper, onAir } from '../../../shared/on-air';
import { untimedNote, untimedNow } from '../../../shared/untimed';
import { bridge } from '../bridge';
import { useDialog } from '../components/a11y';
import { ChannelIcon, Progress } from '../components/bits';
import { channelDetail, isStale, now, snapshot } from '../state';
import { channel as t } from '../strings/channel';
import { onNow as onNowText } from '../strings/on-now';
import { servers } from '../strings/servers';
import { serverList, severalServers } from '../server-state';
import { ChannelStar, SlotActions } from '../features/sheet-actions';
import { Definition } from './Definition';
import { label } from './OnNow';
import '../components/sheet.css';
import { errorText } from '../attempt';

/**
 * `/channels?include=definition` of the server shown, fetched once per popover session and server
 * when a detail first opens (two servers' channel 101 are different channels).
 */
const channelList = signal<{ server: string | null; channels: Channel[] } | null>(null);
/** the server whose list was asked for; undefined: none (or the last request failed) */
let channelsRequested: string | null | undefined;
/** How far ahead the sheet lists the schedule (the core asks the server for as many). */
const LATER_HOURS = SHEET_HOURS;

type Slotish = Program | null;
type Lookup =
  | { state: 'loading' }
  | { state: 'found'; value: ChannelLookup }
  /** the server could not answer, but On now holds the channel: shown from there, marked stale */
  | { state: 'held'; row: GuideNowRow }
  /** notFound: the server said there is no such channel; detail: what to say under the heading that says so */
  | { state: 'missing'; message: string; notFound?: boolean; detail?: string };

/** A channel: what is on, next and later, its description, package, mode, provenance, definition. */
export function ChannelDetail({ number }: { number: number }) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [schedule, setSchedule] = useState<ChannelScheduleView | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useDialog(root, closeRef);
  const server = snapshot.value?.settings.selectedServer ?? null;
  useEffect(() => {
    let current = true;
    setLookup({ state: 'loading' });
    void bridge.lookupChannel({ number }).then(
      (outcome) => {
        if (!current) return;
        // the core answered from its held On now row (the server is away): show it as held, marked stale
        if (outcome.ok && outcome.value.stale && outcome.value.channel) setLookup({ state: 'held', row: outcome.value.channel });
        else if (!outcome.ok && outcome.error.kind === 'not-found') setLookup({ state: 'missing', message: outcome.error.message, notFound: true, detail: outcome.error.detail });
        else if (outcome.ok) setLookup({ state: 'found', value: outcome.value });
        else void fromHeld(number, outcome.error.message).then((held) => current && setLookup(held));
      },
      (failure: unknown) => current && void fromHeld(number, errorText(failure)).then((held) => current && setLookup(held)),
    );
    if (channelsRequested !== server) {
      channelsRequested = server;
      const forget = () => {
        if (channelsRequested === server) channelsRequested = undefined;
      };
      void bridge.getChannels({ definition: true }).then((outcome) => {
        if (outcome.ok) channelList.value = { server, channels: outcome.value };
        else forget();
      }, forget);
    }
    return () => {
      current = false;
    };
  }, [number, server]);

  const s = snapshot.value!;
  const close = () => (channelDetail.value = null);
  // several servers: which one's channel this is
  const shownServer = severalServers.value ? (serverList.value.find((summary) => summary.selected)?.name ?? null) : null;
  const found = lookup.state === 'found' ? lookup.value : null;
  const heldRow = useHeldOnNowRow(number);
  const row = found?.channel ?? (lookup.state === 'held' ? lookup.row : null) ?? heldRow;
  const listed = channelList.value?.server === server ? channelList.value.channels : null;
  const channel = listed?.find((c) => c.number === number) ?? found?.now.channel ?? null;
  const name = channel?.name ?? row?.name ?? t.fallbackName(number);
  // what the star and the reminder buttons act on
  const target = { id: channel?.id ?? row?.id ?? null, number, name };
  const at = now.value;
  const slots: [Slotish, Slotish] | null = found ? [found.now.current, found.now.next] : lookup.state === 'held' ? [lookup.row.now, lookup.row.next] : null;
  // what airs, breaks included: "Break · then Matchday Live at 18:32", then that programme as Next (the core
  // answers the programme a break leads to as `next`, with its own times: never the break in its place)
  const air = slots ? onAir(slots, at) : null;
  // every slot the server's answer holds has ended, nothing newer: "Nothing on since 9:06 PM" (the one rule, shared/on-air.ts);
  // a held row was already moved on by the core, which says when its slots ended
  const since = found ? endedSince(slots!, at) : lookup.state === 'held' ? ((lookup.row as { nothingSince?: number | null }).nothingSince ?? null) : null;
  // named by the server, its times unreadable: "times unknown", never "Nothing" (issue 48)
  const untimed = air && !air.current ? (found ? untimedNow(found.now) : lookup.state === 'held' ? untimedNow(lookup.row) : null) : null;
  const nextUp = air?.break ? (isBumper(air.break.then) ? null : { at: air.break.at, program: air.break.then }) : (air?.next ?? null);
  // the hours ahead: asked of the core once the channel's id is known (the person opened this sheet)
  const scheduleId = found?.now.channel?.id ?? row?.id ?? null;
  useEffect(() => {
    if (!scheduleId) return;
    let current = true;
    void bridge.getSchedule({ channelId: scheduleId, hours: LATER_HOURS }).then(
      (outcome) => current && setSchedule(outcome.ok ? outcome.value : null),
      () => current && setSchedule(null),
    );
    return () => {
      current = false;
    };
  }, [scheduleId]);
  const held = schedule?.channelId === scheduleId ? schedule : null;
  const guideRow = useHeldGuideRow(number);
  const later = laterProgrammes(held?.programs ?? guideRow?.programs ?? [], nextUp?.program ?? air?.current ?? null, at);
  const laterHint = !held ? t.laterHint : held.source === 'server' ? t.laterFromServer(LATER_HOURS) : t.laterFromGuide(held.asOf);
  return (
    <div ref={root} class="sheet" role="dialog" aria-modal="true" aria-label={lookup.state === 'missing' && lookup.notFound ? t.noSuchChannel(number) : t.dialog(number)} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), close())}>
      <div class="sheet-body">
        <button ref={closeRef} type="button" class="sheet-close" onClick={close} aria-label={t.close}>
          ×
        </button>
        {lookup.state === 'missing' && lookup.notFound ? (
          // no such channel: a plain heading, not one dressed as a real channel
          <h2 class="sheet-title">{t.noSuchChannel(number)}</h2>
        ) : (
        <h2 class="sheet-title channel-heading">
          <span class="channel-number">{number}</span>
          <ChannelIcon icon={channel?.icon ?? row?.icon ?? null} tint={channel?.tint ?? row?.tint ?? null} size={20} />
          {/* a short name stays whole: never "101 90s / Sitcoms" */}
          <span class="channel-heading-name">{name.length <= 20 ? name.replace(/ /g, '\u00a0') : name}</span>
          <ChannelStar {...target} />
        </h2>
        )}
        {shownServer ? (
          <p class="sheet-kicker" data-testid="channel-server">
            {servers.onServer(shownServer)}
          </p>
        ) : null}
        <LookupLine lookup={lookup} number={number} heldAsOf={s.onNow.updatedAt} />
        {air ? (
          <div class={`slots${lookup.state === 'held' || isStale(s.onNow) ? ' stale' : ''}`}>
            {air.break ? (
              // a break airs: named as one, until the programme after it, which Next shows beside it
              // (On now's one line says both: "Break · then Amélie's Bicycle at 21:54")
              <SlotFrame title={t.onNow} name={t.onBreak} bumper>
                <p class="muted small">{t.breakUntil(air.break.at)}</p>
              </SlotFrame>
            ) : (
              <Slot title={t.onNow} slot={air.current} untimed={untimed} at={at} line={since !== null ? onNowText.nothingSince(since, at) : undefined} />
            )}
            <Slot title={t.next} slot={nextUp?.program ?? null} at={at} startsAt={nextUp?.at} />
            <SlotActions program={nextUp && !isBumper(nextUp.program) ? nextUp.program : null} channel={target} />
          </div>
        ) : null}
        {later.length > 0 ? (
          <section class="later" aria-labelledby="channel-later">
            <h3 id="channel-later">{t.later}</h3>
            <ol class="later-list">
              {later.map((program) => (
                <li key={program.startsAt} class={program.ratingKey === null ? 'bumper' : ''}>
                  <span class="next-time">{localTime(Date.parse(program.startsAt))}</span> <span title={label(program)}>{label(program)}</span>
                  <SlotActions program={program} channel={target} compact />
                </li>
              ))}
            </ol>
            <p class="muted small">{laterHint}</p>
          </section>
        ) : null}
        {channel ? (
          <>
            {channel.description ? <p class="sheet-summary">{channel.description}</p> : null}
            <dl class="facts">
              <Fact term={t.package} value={channel.package?.name} />
              <Fact term={t.mode} value={channel.mode ? (t.modes[channel.mode] ?? channel.mode) : null} />
              <Fact term={t.provenance} value={channel.provenance ? (t.provenances[channel.provenance] ?? channel.provenance) : null} />
              <Fact term={t.state} value={channel.enabled ? null : t.disabled} />
            </dl>
            {channel.definition ? <Definition value={channel.definition} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The server could not be asked: answer from On now's held row (asked of the core) when it has the channel. */
async function fromHeld(number: number, message: string): Promise<Lookup> {
  const offline = snapshot.value ? snapshot.value.connection.state !== 'live' && snapshot.value.connection.state !== 'polling' : false;
  if (!offline) return { state: 'missing', message };
  const answer = await bridge.getOnNowRows({ numbers: [number] }).catch(() => null);
  const row = answer?.ok ? answer.value.rows[0] : undefined;
  return row ? { state: 'held', row } : { state: 'missing', message };
}

/** The channel's On now row as the core holds it (its name and icon while the lookup runs), or null. */
function useHeldOnNowRow(number: number): GuideNowRow | null {
  const summary = snapshot.value?.onNow.data ?? null;
  const [row, setRow] = useState<GuideNowRow | null>(null);
  // asked again only when this row (or everything) changed
  const [asked, setAsked] = useState(0);
  const seen = useRef(summary?.version ?? 0);
  if (summary && summary.version !== seen.current) {
    const mine = summary.changed === null || summary.version !== seen.current + 1 || (row !== null && summary.changed.includes(row.id));
    seen.current = summary.version;
    if (mine) setAsked((n) => n + 1);
  }
  useEffect(() => {
    let current = true;
    void bridge.getOnNowRows({ numbers: [number] }).then(
      (answer) => current && setRow(answer.ok ? (answer.value.rows[0] ?? null) : null),
      () => current && setRow(null),
    );
    return () => {
      current = false;
    };
  }, [number, asked]);
  return row;
}

/** The channel's row in the guide window the core holds, asked for again when the guide changes (null when it holds none). */
function useHeldGuideRow(number: number): GuideChannel | null {
  const revision = snapshot.value?.guide.revision ?? 0;
  // own times learned (this sheet's lookup): the row says the programmes' own ends (shared/programme-times.ts)
  const times = snapshot.value?.guide.times ?? 0;
  // two servers' guides can have equal revisions
  const server = snapshot.value?.settings.selectedServer ?? null;
  // a channel that had not arrived yet is asked for again once the window is complete
  const complete = snapshot.value?.guide.state === 'loaded';
  const [row, setRow] = useState<GuideChannel | null>(null);
  useEffect(() => {
    let current = true;
    void bridge.getGuideRows({ from: 0, to: 0, numbers: [number] }).then((outcome) => {
      if (current) setRow(outcome.ok ? (outcome.value.rows[0] ?? null) : null);
    });
    return () => {
      current = false;
    };
  }, [number, revision, times, complete, server]);
  return row;
}

/** The programmes after `after` in the next hours: from the channel's schedule, else the guide window the core holds (else nothing). */
function laterProgrammes(programs: readonly Program[], after: Slotish, at: number): Program[] {
  const from = after ? Date.parse(after.endsAt) : at;
  const until = at + LATER_HOURS * 3_600_000;
  // bumpers are a minute or two between programmes: left out of the list ahead
  return programs.filter((p) => p.ratingKey !== null && Date.parse(p.startsAt) >= from && Date.parse(p.startsAt) < until).slice(0, 16);
}

/** One slot of the sheet: a programme with its times, a break's line, or nothing. A bumper standing for its programme shows only when that starts. */
function Slot({ title, slot, at, line, startsAt, untimed = null }: { title: string; slot: Slotish; at: number; line?: string; startsAt?: number; untimed?: UntimedProgram | null }) {
  // named by the server, its times unreadable: the name, and "times unknown" where the times go (issue 48)
  if (!slot && untimed) {
    return (
      <SlotFrame title={title} name={programmeTitle(untimed)}>
        <p class="muted small">{untimedNote()}</p>
      </SlotFrame>
    );
  }
  if (!slot) return <SlotFrame title={title} name={line ?? null} bumper={line !== undefined} />;
  if (isBumper(slot)) {
    return (
      <SlotFrame title={title} name={programmeTitle(slot)}>
        <p class="muted small">{localTime(startsAt ?? Date.parse(slot.endsAt))}</p>
      </SlotFrame>
    );
  }
  const name = label(slot);
  const starts = Date.parse(slot.startsAt);
  return (
    <SlotFrame title={title} name={name}>
      <p class="muted small">
        {localTime(starts)}–{localTime(Date.parse(slot.endsAt))}
      </p>
      {starts <= at ? <Progress value={fraction(slot.startsAt, slot.endsAt, at)} label={t.progress(name)} /> : null}
    </SlotFrame>
  );
}

/** A slot's frame: its heading, then what airs (whole in its tooltip when cut short; a break's line dimmed) or "Nothing", then the times. */
function SlotFrame({ title, name, bumper = false, children }: { title: string; name: string | null; bumper?: boolean; children?: ComponentChildren }) {
  return (
    <section class="slot">
      <h3>{title}</h3>
      {name === null ? (
        <p class="muted">{t.nothing}</p>
      ) : (
        <p class={bumper ? 'slot-title bumper' : 'slot-title'} title={name}>
          {name}
        </p>
      )}
      {children}
    </section>
  );
}

/** The line under the heading while the lookup has no plain answer: looking, why it failed, or that the answer is On now's held row. */
function LookupLine({ lookup, number, heldAsOf }: { lookup: Lookup; number: number; heldAsOf: number | null }) {
  const line =
    lookup.state === 'loading'
      ? { class: 'muted', role: 'status' as const, text: t.looking(number) }
      : lookup.state === 'missing'
        ? { class: 'inline-error', role: 'alert' as const, text: (lookup.notFound && lookup.detail) || lookup.message }
        : lookup.state === 'held'
          ? { class: 'inline-warning', role: 'status' as const, text: t.heldAnswer(heldAsOf) }
          : null;
  return line ? (
    <p class={line.class} role={line.role}>
      {line.text}
    </p>
  ) : null;
}

/** One fact about the channel in its list, left out when the channel has none. */
function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  if (value === null || value === undefined) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
