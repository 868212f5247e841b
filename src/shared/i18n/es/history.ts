/** Español: lo que la primera vista necesita del historial, la línea «mientras no estabas» y el acceso al historial de una persona (ver ../en/history.ts). */
import type { Catalogue } from '../en';

export const history: Catalogue['history'] = {
  personOpen: 'Historial de {name}',
  awayNobody: 'Nadie vio nada {since}',
  away: '{people, plural, one {# persona vio} many {# de personas vieron} other {# personas vieron}} {programmes, plural, one {# programa} many {# de programas} other {# programas}} {since}',
  awayPeak: '{people, plural, one {# persona vio} many {# de personas vieron} other {# personas vieron}} {programmes, plural, one {# programa} many {# de programas} other {# programas}} {since}; máximo de {count} {when}',
  awayOpen: 'Abrir historial',
};
