/** Deutsch: was der erste Aufbau vom Verlauf braucht, die Zeile „während Sie weg waren“ und der Weg zum Verlauf einer Person (siehe ../en/history.ts). */
import type { Catalogue } from '../en';

export const history: Catalogue['history'] = {
  personOpen: 'Verlauf von {name}',
  awayNobody: 'Niemand hat {since} zugeschaut',
  away: '{people, plural, one {1 Person hat} other {# Personen haben}} {since} {programmes, plural, one {1 Sendung} other {# Sendungen}} gesehen',
  awayPeak: '{people, plural, one {1 Person hat} other {# Personen haben}} {since} {programmes, plural, one {1 Sendung} other {# Sendungen}} gesehen; Spitzenwert {count, plural, one {# Zuschauer} other {# Zuschauer}} {when}',
  awayOpen: 'Verlauf öffnen',
};
