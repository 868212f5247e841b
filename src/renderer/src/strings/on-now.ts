import { plural } from '../../../shared/format';

/** Words of the On now list. */
export const onNow = {
  loading: 'Loading what is on…',
  failed: 'The schedule could not be loaded',
  empty: 'This server has no channels yet',
  list: (n: number) => plural(n, { one: '{n} channel', other: '{n} channels' }),
  nothingOn: 'Nothing on',
  /** every slot the server held has ended and it has nothing newer (a stale schedule) */
  nothingSince: (time: string) => `Nothing on since ${time}`,
  /** the app holds nothing current for the channel: it asks the server again shortly */
  waiting: 'Checking what is on…',
  /** a row not read from the core yet */
  loadingRow: 'Loading…',
  bumper: (title: string) => `Bumper · ${title}`,
  /** a break airs: what comes next and when ("Break · 18:32 Matchday Live") */
  breakLine: (time: string, title: string) => `Break · ${time} ${title}`,
  progress: (what: string) => `${what} progress`,
};
