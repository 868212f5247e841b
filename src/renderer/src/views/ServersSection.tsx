import { useEffect, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { chooseServer } from '../server-state';
import type { Outcome, ServerEntryView, ServerSummary } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { snapshot } from '../state';
import { servers as t } from '../strings/servers';
import { AddServer } from './AddServer';
import { describe, Dot } from './ServerSwitcher';
import './servers.css';
import { errorText } from '../attempt';

/**
 * Settings → Servers with several servers: every server followed, one place each, with its
 * address and state, renamed inline, paused or resumed, removed after a confirm step that names
 * it, and which of its known addresses is followed; the shown server's place also holds its
 * address and key (`shownPlace`), another's offers to edit them; "Add a server"; and what the
 * tray's badge counts. (One server is its form alone: see Settings.)
 */
const NAME_MAX = 80;

export function ServersSection({ shownPlace }: { shownPlace: ComponentChildren }) {
  const s = snapshot.value!;
  const entries = s.settings.servers ?? [];
  const summaries = s.servers ?? [];
  const [error, setError] = useState<string | null>(null);
  /** one change at a time; a refusal is said under the list */
  const run = async (work: () => Promise<Outcome<unknown>>): Promise<boolean> => {
    setError(null);
    try {
      const outcome = await work();
      if (!outcome.ok) setError(t.failed([outcome.error.message, outcome.error.fix].filter(Boolean).join(' ')));
      return outcome.ok;
    } catch (failure) {
      setError(t.failed(errorText(failure)));
      return false;
    }
  };
  return (
    <section aria-labelledby="settings-servers">
      <h2 id="settings-servers">{t.section}</h2>
      {entries.length > 1 ? <p class="hint">{t.sectionHint}</p> : null}
      {entries.length > 0 ? (
        <ul class="server-list" aria-labelledby="settings-servers">
          {entries.map((entry) => (
            <ServerItem key={entry.id} entry={entry} summary={summaries.find((summary) => summary.id === entry.id) ?? null} several={entries.length > 1} run={run}>
              {entry.id === s.settings.selectedServer ? shownPlace : null}
            </ServerItem>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p class="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      {entries.length > 1 ? <BadgeChoice entries={entries} summaries={summaries} badge={s.settings.badgeServer ?? null} run={run} /> : null}
      <AddServer />
    </section>
  );
}

type Run = (work: () => Promise<Outcome<unknown>>) => Promise<boolean>;

function ServerItem({ entry, summary, several, run, children }: { entry: ServerEntryView; summary: ServerSummary | null; several: boolean; run: Run; children?: ComponentChildren }) {
  const [renaming, setRenaming] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const doneRenaming = () => {
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const headingId = `server-${entry.id}`;
  // the name as people see it: two servers named alike carry their host, so their buttons' names differ too
  const name = summary?.name ?? entry.name;
  return (
    <li class="server-entry" data-server={entry.id}>
      <div class="server-entry-head">
        {summary ? <Dot server={summary} /> : null}
        <h3 id={headingId} class="server-entry-name" title={name}>
          {name}
        </h3>
        {summary?.selected && several ? <span class="server-entry-tag">{t.shown}</span> : null}
      </div>
      <p class="server-entry-facts">
        <span>{entry.address}</span>
        {' · '}
        <span data-testid="server-state">{entry.paused ? t.paused : summary ? describe(summary) : ''}</span>
      </p>
      {renaming ? <Rename entry={entry} run={run} done={doneRenaming} /> : null}
      {entry.addresses.length > 1 ? (
        <label class="field">
          <span>{t.addresses}</span>
          <select aria-label={t.addressesOf(name)} aria-describedby={`${headingId}-addresses`} value={entry.address} onChange={(event) => void run(() => bridge.updateServer({ id: entry.id, address: (event.currentTarget as HTMLSelectElement).value }))}>
            {entry.addresses.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
          <span id={`${headingId}-addresses`} class="hint">
            {t.addressesHint}
          </span>
        </label>
      ) : null}
      {children ? <div class="server-entry-form">{children}</div> : null}
      <div class="buttons">
        {children ? null : (
          <button type="button" class="button button-quiet" aria-label={t.editKeyOf(name)} onClick={() => void chooseServer(entry.id)}>
            {t.editKey}
          </button>
        )}
        {renaming ? null : (
          <button ref={renameButton} type="button" class="button button-quiet" aria-label={t.renameOf(name)} onClick={() => setRenaming(true)}>
            {t.rename}
          </button>
        )}
        <button
          type="button"
          class="button button-quiet"
          aria-label={entry.paused ? t.resumeOf(name) : t.pauseOf(name)}
          onClick={() => void run(() => bridge.updateServer({ id: entry.id, paused: !entry.paused }))}
        >
          {entry.paused ? t.resume : t.pause}
        </button>
        {confirmRemove ? (
          <>
            <button type="button" class="button button-danger" onClick={() => void run(() => bridge.removeServer({ id: entry.id })).then((ok) => ok || setConfirmRemove(false))}>
              {t.removeConfirm(name)}
            </button>
            <button
              type="button"
              class="button button-quiet"
              onClick={() => {
                setConfirmRemove(false);
                requestAnimationFrame(() => removeButton.current?.focus());
              }}
            >
              {t.keep}
            </button>
          </>
        ) : (
          <button ref={removeButton} type="button" class="button button-quiet" aria-label={t.removeOf(name)} onClick={() => setConfirmRemove(true)}>
            {t.remove}
          </button>
        )}
      </div>
    </li>
  );
}

/** The name in place: Enter saves (a name must be there and not too long), Escape cancels. */
function Rename({ entry, run, done }: { entry: ServerEntryView; run: Run; done: () => void }) {
  const [value, setValue] = useState(entry.name);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const save = async () => {
    const name = value.trim();
    if (name === '') return setProblem(t.nameEmpty);
    if (name.length > NAME_MAX) return setProblem(t.nameLong(NAME_MAX));
    if (name === entry.name) return done();
    setProblem(null);
    if (await run(() => bridge.updateServer({ id: entry.id, name }))) done();
  };
  const problemId = `rename-${entry.id}-problem`;
  return (
    <div class="rename">
      <input
        ref={input}
        type="text"
        aria-label={t.newName(entry.name)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        value={value}
        onInput={(event) => {
          setValue((event.currentTarget as HTMLInputElement).value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation(); // cancels the rename, not the popover
            done();
          }
        }}
      />
      <button type="button" class="button" onClick={() => void save()}>
        {t.saveName}
      </button>
      <button type="button" class="button button-quiet" onClick={done}>
        {t.cancel}
      </button>
      {problem ? (
        <p id={problemId} class="inline-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** What the tray's badge counts: everyone on every server, or one server's viewers. */
function BadgeChoice({ entries, summaries, badge, run }: { entries: ServerEntryView[]; summaries: ServerSummary[]; badge: string | null; run: Run }) {
  return (
    <label class="field">
      <span>{t.badge}</span>
      <select
        name="badgeServer"
        aria-describedby="badge-hint"
        value={badge ?? ''}
        onChange={(event) => {
          const id = (event.currentTarget as HTMLSelectElement).value;
          void run(() => bridge.updateSettings({ badgeServer: id === '' ? null : id }));
        }}
      >
        <option value="">{t.badgeAll}</option>
        {entries.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {/* the name as everywhere else: two "Home"s carry their host */}
            {summaries.find((summary) => summary.id === entry.id)?.name ?? entry.name}
          </option>
        ))}
      </select>
      <span id="badge-hint" class="hint">
        {t.badgeHint}
      </span>
    </label>
  );
}
