/** English, the source catalogue: reminders' notifications, server health alerts, what a refused key means, and the connection's explanations. */

export const reminders = {
  cancelledOne: 'You cancelled this one.',
  alreadyStarted: '{title} has already started.',
  tooMany: 'There are already {max} reminders; cancel some first.',
  itsChannel: 'its channel',
  startsIn: 'Starts in {n} min: {title}',
  startingNow: 'Starting now: {title}',
  movedLater: '{title} moved: now at {time}',
  movedStarted: '{title} moved: started at {time}',
  wasDueAt: '{where} · it was due at {time}',
  goneAt: '{title} is no longer on at {time}',
  onInstead: '{where}; {title} is on instead',
  missedAsleep: 'Missed while the computer was asleep: {title}',
  missedClosed: 'Missed while the app was closed: {title}',
  manyMissedAsleep: '{n, plural, one {# reminder missed} other {# reminders missed}} while the computer was asleep',
  manyMissedClosed: '{n, plural, one {# reminder missed} other {# reminders missed}} while the app was closed',
};

export const alerts = {
  theServer: 'The server',
  backTitle: '{name} is back',
  backBody: 'Reachable again after {length}.',
  awayTitle: 'Cannot reach {name}',
  awayBody: 'No answer for {length}. The app keeps trying.',
  awayBodyWhy: 'No answer for {length} ({why}). The app keeps trying.',
  keyRefusedTitle: '{name} refuses the API key now',
  keyRefusedBody: '{known, select, yes {The key worked until {time} and is refused now: it was regenerated, revoked or limited by the server. Paste a new key in Settings.} other {The key worked before and is refused now: it was regenerated, revoked or limited by the server. Paste a new key in Settings.}}',
  keyRejectedTitle: '{name} rejected the API key',
  keyRejectedBody: 'Copy a key from Airwave under “Settings → API Keys” and paste it in Settings.',
  fullTitle: '{name} is full: no live updates',
  fullBody: 'It refused the event stream (too many open). The app checks regularly instead and tries the stream again later.',
  versionTitle: '{name} now runs version {version}',
  versionBody: 'It ran {known} before.',
  webhookFix: 'Re-enable it in Airwave under “Settings → Webhooks”.',
  anEndpoint: 'an endpoint',
  webhookSaid: 'Airwave said: “{reason}”',
  webhookFailed: 'Airwave turned it off after repeated failed deliveries.',
  webhookOff: '{name} turned off the webhook “{hook}”',
  webhooksOff: '{name} turned off {n, plural, one {# webhook} other {# webhooks}}',
  webhooksMore: '{names} and {n, plural, one {# more} other {# more}}',
  webhooksCut: 'The server lists {listed, plural, one {# endpoint} other {# endpoints}}; the app read the first {read, plural, one {#} other {#}}.',
};

export const key = {
  refusedMessage: '{known, select, yes {The API key worked until {time} and is refused now: it was regenerated, revoked or limited by the server.} other {The API key worked before and is refused now: it was regenerated, revoked or limited by the server.}} Copy the key from Airwave under “Settings → API Keys” and paste it in Settings (Fix the key). The app checks again every {n, plural, one {minute} other {# minutes}}.',
  rejectedMessage: 'The server rejected the API key. Copy it from Airwave under “Settings → API Keys” and paste it in Settings (Fix the key). The app checks again every {n, plural, one {minute} other {# minutes}}.',
};

export const sync = {
  proxyRefused: 'Something in front of the server (a proxy or login page, not Airwave itself) refused {endpoint} with HTTP 401; trying again.',
  unreadable: 'The server sent something this app could not read in {endpoint}.',
  ourBug: 'Something went wrong inside the app; it will try again.',
};
