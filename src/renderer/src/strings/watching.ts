import { localTime, plural } from '../../../shared/format';

/** Words of the Watching view and the viewer sheet. */
export const watching = {
  loading: 'Loading viewers…',
  failed: 'Viewers could not be loaded',
  nobody: 'Nobody is watching right now',
  notifyOn: 'You will get a notification when someone starts.',
  notifyOff: 'Notifications are off; turn them on in Settings to hear when someone starts.',
  notifyPaused: (until: number) => `Notifications are paused until ${localTime(until)}.`,
  notifyQuiet: (start: string, end: string) => `Quiet hours (${start}–${end}) are on now: nobody starting is announced until they end.`,
  list: (n: number) => plural(n, { one: '{n} viewer', other: '{n} viewers' }),
  density: 'Compact',
  byChannel: 'By channel',
  byChannelHint: 'Order viewers by channel instead of newest first',
  densityHint: 'Show more viewers at once',
  something: 'Something',
  posterOf: (what: string) => `Poster of ${what}`,
  left: (text: string) => `${text} left`,
  ends: (time: string) => `ends ${time}`,
  /** the end the server gave has passed and no newer answer says otherwise */
  mayHaveEnded: 'may have ended',
  onDevicePrefix: 'on ',
  densityGrouped: 'By channel lists viewers compactly under each channel',
  unknownChannel: 'Channel not known',
  progressOf: (what: string) => `Progress of ${what}`,
  since: (at: number) => `watching since ${localTime(at)}`,
  state: { playing: 'Playing', paused: 'Paused', buffering: 'Buffering', idle: 'Idle' } as Record<string, string>,
  stationBreak: 'Station break',
  /** a viewer tuned to a channel with nothing on: "on 106 Dead Air · nothing on" */
  nothingOn: (channel: string | null) => (channel ? `on ${channel} · nothing on` : 'nothing on'),
  hdr: 'HDR',
  sheetTitle: (user: string) => `${user}`,
  facts: { channel: 'Channel', programme: 'Programme', device: 'Device', progress: 'Progress', since: 'Since', state: 'Playback' },
  unknown: 'Not known',
  closeSheet: 'Close viewer',
  openChannel: 'Open channel',
  position: (at: string, total: string) => `${at} of ${total}`,
};
