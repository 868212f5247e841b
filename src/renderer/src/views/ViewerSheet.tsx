import { useRef } from 'preact/hooks';
import { deviceFact } from '../../../shared/device-label';
import { duration } from '../../../shared/format';
import { localTime } from '../../../shared/format';
import { useDialog } from '../components/a11y';
import { Artwork, POSTER_SIZE, Progress } from '../components/bits';
import { channelDetail, now, snapshot, viewerDetail } from '../state';
import { onSelectedServer, serverOf, severalServers } from '../server-state';
import { isViewer, type ViewerRef } from '../viewer-ref';
import { watching as t } from '../strings/watching';
import { servers as ts } from '../strings/servers';
import type { ViewerEntry } from './viewer-extras';
import { describeViewer } from './ViewerCard';
import '../components/sheet.css';

/** One viewer in full: device (with its HDR mark), channel, programme, progress, since when, playback state, and (several servers) which server. */
export function ViewerSheet({ viewer }: { viewer: ViewerRef }) {
  const s = snapshot.value!;
  const person = viewer.person;
  const entry = (s.nowPlaying.data as ViewerEntry[] | null)?.find((e) => isViewer(viewer, e)) ?? null;
  const serverName = entry && severalServers.value ? (serverOf(entry)?.name ?? entry.serverName ?? null) : null;
  const root = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useDialog(root, closeRef);
  const close = () => (viewerDetail.value = null);
  const d = entry ? describeViewer(entry, now.value) : null;
  return (
    <div ref={root} class="sheet" role="dialog" aria-modal="true" aria-labelledby="viewer-title" onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), close())}>
      <div class="sheet-body">
        <button ref={closeRef} type="button" class="sheet-close" onClick={close} aria-label={t.closeSheet}>
          ×
        </button>
        <h2 id="viewer-title" class="sheet-title">
          {entry?.user ?? person.split('|')[0]}
        </h2>
        {!entry || !d ? (
          <p class="muted" role="status">
            {t.nobody}
          </p>
        ) : (
          <>
            <div class="viewer-head">
              <Artwork path={d.bumper ? null : entry.artworkUrl} alt={t.posterOf(d.show ?? d.what)} class="poster" size={POSTER_SIZE} server={entry.serverId} />
              <div>
                {d.show ? <p class="sheet-kicker">{d.show}</p> : null}
                <p class="slot-title">{d.what}</p>
                {d.episode || entry.year ? <p class="muted small">{[d.episode, entry.year ? String(entry.year) : ''].filter(Boolean).join(' · ')}</p> : null}
              </div>
            </div>
            <dl class="facts">
              {serverName ? (
                <>
                  <dt>{ts.facts.server}</dt>
                  <dd data-testid="viewer-server">{serverName}</dd>
                </>
              ) : null}
              <dt>{t.facts.channel}</dt>
              <dd>
                {/* the channel sheet is the shown server's: a viewer elsewhere gets the name only */}
                {d.channel && entry.channelNumber !== null && onSelectedServer(entry) ? (
                  <button type="button" class="link-button" onClick={() => ((viewerDetail.value = null), (channelDetail.value = entry.channelNumber))}>
                    {d.channel}
                  </button>
                ) : (
                  (d.channel ?? t.unknown)
                )}
              </dd>
              <dt>{t.facts.device}</dt>
              <dd>
                {deviceFact(entry.device, entry.osVersion) ?? t.unknown}
                {entry.hdr ? <span class="sheet-pill">{t.hdr}</span> : null}
              </dd>
              {entry.playbackState ? (
                <>
                  <dt>{t.facts.state}</dt>
                  <dd>{t.state[entry.playbackState] ?? entry.playbackState}</dd>
                </>
              ) : null}
              {d.since !== null ? (
                <>
                  <dt>{t.facts.since}</dt>
                  <dd>{localTime(d.since)}</dd>
                </>
              ) : null}
              {d.progress ? (
                <>
                  <dt>{t.facts.progress}</dt>
                  <dd>
                    {t.position(duration(d.progress.positionSeconds * 1000), duration(d.progress.durationSeconds * 1000))}
                    <Progress value={d.progress.positionSeconds / d.progress.durationSeconds} label={t.progressOf(d.what)} />
                  </dd>
                </>
              ) : null}
            </dl>
          </>
        )}
      </div>
    </div>
  );
}
