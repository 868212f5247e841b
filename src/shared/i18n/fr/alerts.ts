/** Français : les rappels, les alertes sur le serveur et ce que veut dire une clé refusée. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Vous avez annulé ce rappel.',
  alreadyStarted: '{title} a déjà commencé.',
  tooMany: 'Il y a déjà {max} rappels ; annulez-en d’abord quelques-uns.',
  itsChannel: 'sa chaîne',
  startsIn: 'Dans {n} min : {title}',
  startingNow: 'Commence maintenant : {title}',
  movedLater: '{title} déplacé : désormais à {time}',
  movedStarted: '{title} déplacé : a commencé à {time}',
  wasDueAt: '{where} · prévu à {time}',
  goneAt: '{title} n’est plus diffusé à {time}',
  onInstead: '{where} ; {title} passe à la place',
  missedAsleep: 'Manqué pendant la veille de l’ordinateur : {title}',
  missedClosed: 'Manqué pendant que l’app était fermée : {title}',
  manyMissedAsleep: '{n, plural, one {# rappel manqué} other {# rappels manqués}} pendant la veille de l’ordinateur',
  manyMissedClosed: '{n, plural, one {# rappel manqué} other {# rappels manqués}} pendant que l’app était fermée',
};

export const alerts: Catalogue['alerts'] = {
  digestTitle: 'La semaine dernière sur {server}',
  digestTitleAll: 'La semaine dernière sur vos serveurs',
  digestBody: '{watched} regardées par {people, plural, one {# personne} other {# personnes}}, pic {when} ({count} en même temps), le plus regardé : {show}. Suivi {followed} sur {span}.',
  digestBodyNoShow: '{watched} regardées par {people, plural, one {# personne} other {# personnes}}, pic {when} ({count} en même temps). Suivi {followed} sur {span}.',
  digestNobody: 'Personne n’a regardé. Suivi {followed} sur {span}.',
  theServer: 'Le serveur',
  backTitle: '{name} est de retour',
  backBody: 'De nouveau joignable après {length}.',
  awayTitle: 'Impossible de joindre {name}',
  awayBody: 'Aucune réponse depuis {length}. L’app continue d’essayer.',
  awayBodyWhy: 'Aucune réponse depuis {length} ({why}). L’app continue d’essayer.',
  keyRefusedTitle: '{name} refuse désormais la clé API',
  keyRefusedBody: 'La clé est {refused}. Collez une nouvelle clé dans les Réglages.',
  keyRejectedTitle: '{name} a refusé la clé API',
  keyRejectedBody: 'Copiez une clé dans Airwave, sous Réglages → Clés API, et collez-la dans les Réglages.',
  fullTitle: '{name} est saturé : pas de mises à jour en direct',
  fullBody: 'Il a refusé le flux d’événements (trop de connexions ouvertes). L’app vérifie régulièrement à la place et réessaiera le flux plus tard.',
  versionTitle: '{name} est passé à la version {version}',
  versionBody: 'Il était en {known} avant.',
  webhookFix: 'Réactivez-le dans Airwave, sous Réglages → Webhooks.',
  anEndpoint: 'un point de terminaison',
  webhookSaid: 'Airwave indique : « {reason} »',
  webhookFailed: 'Airwave l’a désactivé après des échecs de livraison répétés.',
  webhookOff: '{name} a désactivé le webhook « {hook} »',
  webhooksOff: '{name} a désactivé {n, plural, one {# webhook} other {# webhooks}}',
  webhooksMore: '{names} et {n, plural, other {# de plus}}',
  webhooksCut: 'Le serveur liste {listed, plural, one {# point de terminaison} other {# points de terminaison}} ; l’app a lu les {read, plural, other {#}} premiers.',
};

export const key: Catalogue['key'] = {
  refusedNow: 'désormais refusée ({until}) : régénérée, révoquée ou limitée par le serveur',
  workedBefore: 'elle fonctionnait avant',
  workedUntil: 'elle fonctionnait jusqu’à {time}',
  refusedMessage: 'La clé API est {refused}. Copiez la clé dans Airwave, sous Réglages → Clés API, et collez-la dans les Réglages (Corriger la clé). {again}',
  rejectedMessage: 'Le serveur a refusé la clé API. Copiez-la dans Airwave, sous Réglages → Clés API, et collez-la dans les Réglages (Corriger la clé). {again}',
  checksAgain: 'L’app vérifie de nouveau toutes les {n, plural, one {# minute} other {# minutes}}.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Quelque chose devant le serveur (un proxy ou une page de connexion, pas Airwave lui-même) a refusé {endpoint} avec HTTP 401 ; nouvel essai.',
  unreadable: 'Le serveur a envoyé dans {endpoint} quelque chose que cette app ne sait pas lire.',
  ourBug: 'Un problème est survenu dans l’app ; elle va réessayer.',
};
