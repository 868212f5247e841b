import { useEffect, useRef } from 'preact/hooks';
import type { NowPlayingEntry } from '../../../shared/airwave';
import { channelLabel, duration } from '../../../shared/format';
import { deviceLabel, personKey } from '../../../shared/viewer-identity';
import { Artwork, Empty, Progress } from '../components/bits';
import { focusedViewer, snapshot } from '../state';
import './Watching.css';

/** One card per viewer from /now-playing: poster, who, what, where, on which device, how far in. */
export function Watching() {
  const s = snapshot.value!;
  const entries = s.nowPlaying.data;
  const focus = focusedViewer.value;
  if (!entries) {
    return <Empty title={s.nowPlaying.error ? 'Viewers could not be loaded' : 'Loading viewers…'}>{s.nowPlaying.error}</Empty>;
  }
  if (entries.length === 0) {
    return <Empty title="Nobody is watching right now">You will get a notification when someone starts.</Empty>;
  }
  return (
    <ul class="cards" aria-label={`${entries.length} watching`}>
      {entries.map((entry, index) => {
        const person = personKey(entry.user, entry.device);
        return <ViewerCard key={`${person}#${index}`} entry={entry} focused={focus === person} />;
      })}
    </ul>
  );
}

function ViewerCard({ entry, focused }: { entry: NowPlayingEntry; focused: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  const show = entry.showTitle && entry.showTitle !== entry.title ? entry.showTitle : null;
  const channel = channelLabel(entry.channelNumber, entry.channelName);
  const device = deviceLabel(entry.device);
  const progress = entry.progress && entry.progress.durationSeconds > 0 ? entry.progress : null;
  const left = progress ? Math.max(0, progress.durationSeconds - progress.positionSeconds) * 1000 : null;
  const what = entry.title ?? show ?? 'Something';
  return (
    <li ref={ref} class={`card${focused ? ' card-focused' : ''}`} tabIndex={0} aria-label={`${entry.user} is watching ${show ? `${show}, ` : ''}${what}`}>
      <Artwork path={entry.artworkUrl} alt={`Poster of ${show ?? what}`} class="poster" />
      <div class="card-body">
        <p class="card-user">{entry.user}</p>
        {show ? <p class="card-show">{show}</p> : null}
        <p class="card-title">{what}</p>
        <p class="card-meta">
          {channel ? <span>{channel}</span> : null}
          {device ? <span>{device}</span> : null}
        </p>
        {progress ? (
          <div class="card-progress">
            <Progress value={progress.positionSeconds / progress.durationSeconds} label={`Progress of ${what}`} />
            <span class="time-left">{duration(left!)} left</span>
          </div>
        ) : null}
      </div>
    </li>
  );
}
