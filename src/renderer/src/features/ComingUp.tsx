import { useState } from 'preact/hooks';
import { X } from 'lucide-preact';
import { channelLabel, programmeTitle } from '../../../shared/format';
import { now, snapshot } from '../state';
import { features as t } from '../strings/features';
import type { FollowPolicy } from '../../../shared/bridge';
import { cancelTitleReminders, comingUpKey, follow, followSaid, unfollow, when } from './actions';
import { RemindButton } from './buttons';
import { useRoving } from './roving';

/**
 * The watchlist: type a title to follow, the titles followed (each with which airings it reminds,
 * its reminders cancelled at once, and unfollow), what the last Follow did, and the next airings
 * (repeats marked: they are not reminded under "first airings").
 */
export function ComingUp() {
  const s = snapshot.value!;
  const { followed, comingUp, scannedAt } = s.watchlist;
  const [title, setTitle] = useState('');
  const roving = useRoving(comingUp.length);
  const at = now.value;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (title.trim() === '') return;
    if (await follow(title.trim())) setTitle('');
  };
  return (
    <section aria-label={t.section.comingUp}>
      <form class="follow-form" onSubmit={(event) => void submit(event)}>
        <label class="visually-hidden" for="follow-title">
          {t.followLabel}
        </label>
        <input id="follow-title" type="text" value={title} placeholder={t.followPlaceholder} maxLength={200} onInput={(event) => setTitle((event.currentTarget as HTMLInputElement).value)} />
        <button type="submit" class="button" disabled={title.trim() === ''}>
          {t.follow}
        </button>
      </form>
      {followed.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ul class="followed" aria-label={t.followed(followed.length)}>
            {followed.map((f) => {
              const waiting = s.reminders.filter((r) => r.from === 'watchlist' && (r.showTitle ?? r.title).toLowerCase() === f.title.toLowerCase()).length;
              return (
                <li key={f.title} class="followed-title">
                  <span class="followed-name" title={f.title}>
                    {f.title}
                  </span>
                  <select class="followed-policy" aria-label={t.policyLabel(f.title)} title={t.policyHint} value={f.policy} onChange={(event) => void follow(f.title, (event.currentTarget as HTMLSelectElement).value as FollowPolicy)}>
                    <option value="first">{t.policy.first}</option>
                    <option value="every">{t.policy.every}</option>
                  </select>
                  {waiting > 1 ? (
                    <button type="button" class="button button-quiet chip" aria-label={t.cancelAllOf(f.title, waiting)} title={t.cancelAllOf(f.title, waiting)} onClick={() => void cancelTitleReminders(f.title)}>
                      {t.cancelAll(waiting)}
                    </button>
                  ) : null}
                  <button type="button" class="followed-remove" aria-label={t.unfollowTitle(f.title)} title={t.unfollowTitle(f.title)} onClick={() => void unfollow(f.title)}>
                    <X size={14} aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
          {followSaid.value ? (
            <p class="follow-said small" role="status">
              {followSaid.value.text}
            </p>
          ) : null}
          <h3 class="feature-heading">{t.comingUpList}</h3>
          {comingUp.length === 0 ? (
            <p class="muted">{t.noAirings}</p>
          ) : (
            <ul class="feature-list" aria-label={t.comingUpList} onKeyDown={roving.onKeyDown}>
              {comingUp.map((item, i) => {
                const what = programmeTitle(item);
                return (
                  <li key={comingUpKey(item)} class="feature-item">
                    <span class="feature-time">{when(Date.parse(item.startsAt), at)}</span>
                    <span class="feature-main">
                      <span class="feature-title" title={what}>
                        {what}
                      </span>
                      <span class="muted small">{channelLabel(item.channelNumber, item.channelName)}</span>
                    </span>
                    {item.repeat ? (
                      <span class="tag-repeat" title={t.repeatHint}>
                        {t.repeat}
                      </span>
                    ) : null}
                    {Date.parse(item.startsAt) > at ? (
                      <RemindButton programme={item} compact roving={roving.item(i)} />
                    ) : (
                      <span class="tag-airing">{t.onNow}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <p class="hint">{scannedAt !== null ? t.scanned(scannedAt) : t.notScanned}</p>
        </>
      )}
    </section>
  );
}

function Empty() {
  return (
    <div class="empty" role="status">
      <p class="empty-title">{t.nothingFollowed}</p>
      <p class="empty-text">{t.nothingFollowedHint}</p>
    </div>
  );
}
