/**
 * English, the source catalogue: History's words the popover's first paint needs, the “while you
 * were away” line on Watching and the way to a person's History (the viewer sheet, the activity
 * log). The History view's own words (and Settings → History's) load with it: history-view.ts.
 */

export const history = {
  personOpen: '{name}’s history',
  awayNobody: 'Nobody watched {since}',
  away: '{people, plural, one {1 person} other {# people}} watched {programmes, plural, one {1 programme} other {# programmes}} {since}',
  awayPeak: '{people, plural, one {1 person} other {# people}} watched {programmes, plural, one {1 programme} other {# programmes}} {since}; peak {count} {when}',
  awayOpen: 'Open History',
};
