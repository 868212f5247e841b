/** Français : ce dont le premier affichage a besoin de l’historique, la ligne « pendant votre absence » et l’accès à l’historique d’une personne (voir ../en/history.ts). */
import type { Catalogue } from '../en';

export const history: Catalogue['history'] = {
  personOpen: 'Historique de {name}',
  awayNobody: 'Personne n’a regardé {since}',
  away: '{people, plural, one {# personne a regardé} many {# de personnes ont regardé} other {# personnes ont regardé}} {programmes, plural, one {# programme} many {# de programmes} other {# programmes}} {since}',
  awayPeak: '{people, plural, one {# personne a regardé} many {# de personnes ont regardé} other {# personnes ont regardé}} {programmes, plural, one {# programme} many {# de programmes} other {# programmes}} {since} ; pic de {count} {when}',
  awayOpen: 'Ouvrir l’historique',
};
