/** Français : les rappels, les alertes sur le serveur et ce que veut dire une clé refusée. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Vous avez annulé ce rappel.',
  alreadyStarted: '{title} a déjà commencé.',
  tooMany: 'Il y a déjà {max} rappels ; annulez-en d’abord quelques-uns.',
  itsChannel: 'sa chaîne',
  startsIn: 'Commence dans {n} min : {title}',
  startingNow: 'Commence maintenant : {title}',
  movedLater: '{title} déplacé : désormais à {time}',
  movedStarted: '{title} déplacé : a commencé à {time}',
  wasDueAt: '{where} · prévu à {time}',
  goneAt: '{title} n’est plus diffusé à {time}',
  onInstead: '{where} ; {title} passe à la place',
  missedAsleep: 'Manqué pendant la veille de l’ordinateur : {title}',
  missedClosed: 'Manqué pendant que l’app était fermée : {title}',
  manyMissedAsleep: '{n, plural, one {# rappel manqué} many {# de rappels manqués} other {# rappels manqués}} pendant la veille de l’ordinateur',
  manyMissedClosed: '{n, plural, one {# rappel manqué} many {# de rappels manqués} other {# rappels manqués}} pendant que l’app était fermée',
};

export const alerts: Catalogue['alerts'] = {
  theServer: 'Le serveur',
  backTitle: '{name} est de retour',
  backBody: 'De nouveau joignable après {length} d’interruption.',
  awayTitle: '{name} est injoignable',
  awayBody: 'Aucune réponse depuis {length}. L’app continue d’essayer.',
  awayBodyWhy: 'Aucune réponse depuis {length} ({why}). L’app continue d’essayer.',
  keyRefusedTitle: '{name} refuse désormais la clé API',
  keyRefusedBody: '{known, select, yes {La clé fonctionnait jusqu’à {time} ; elle est désormais refusée : le serveur l’a régénérée, révoquée ou limitée. Collez une nouvelle clé dans les Réglages.} other {La clé fonctionnait auparavant ; elle est désormais refusée : le serveur l’a régénérée, révoquée ou limitée. Collez une nouvelle clé dans les Réglages.}}',
  keyRejectedTitle: '{name} a refusé la clé API',
  keyRejectedBody: 'Copiez une clé depuis Airwave, sous « Settings → API Keys », et collez-la dans les Réglages.',
  fullTitle: '{name} est saturé : pas de mises à jour en direct',
  fullBody: 'Il a refusé le flux d’événements (trop de connexions ouvertes). L’app vérifie régulièrement à la place et réessaiera le flux plus tard.',
  versionTitle: '{name} est passé à la version {version}',
  versionBody: 'Version précédente : {known}.',
  webhookFix: 'Réactivez-le dans Airwave, sous « Settings → Webhooks ».',
  anEndpoint: 'un point de terminaison',
  webhookSaid: 'Airwave indique : « {reason} »',
  webhookFailed: 'Airwave l’a désactivé après plusieurs échecs d’envoi.',
  webhookOff: '{name} a désactivé le webhook « {hook} »',
  webhooksOff: '{name} a désactivé {n, plural, one {# webhook} many {# de webhooks} other {# webhooks}}',
  webhooksMore: '{names} et {n, plural, one {# autre} many {# autres} other {# autres}}',
  webhooksCut: 'Le serveur liste {listed, plural, one {# point de terminaison} many {# de points de terminaison} other {# points de terminaison}} ; l’app a lu {read, plural, one {le premier} many {les # premiers} other {les # premiers}}.',
};

export const key: Catalogue['key'] = {
  refusedMessage: '{known, select, yes {La clé API fonctionnait jusqu’à {time} ; elle est désormais refusée : le serveur l’a régénérée, révoquée ou limitée.} other {La clé API fonctionnait auparavant ; elle est désormais refusée : le serveur l’a régénérée, révoquée ou limitée.}} Copiez la clé depuis Airwave, sous « Settings → API Keys », et collez-la dans les Réglages (Corriger la clé). L’app vérifie de nouveau {n, plural, one {chaque minute} many {toutes les # minutes} other {toutes les # minutes}}.',
  rejectedMessage: 'Le serveur a refusé la clé API. Copiez-la depuis Airwave, sous « Settings → API Keys », et collez-la dans les Réglages (Corriger la clé). L’app vérifie de nouveau {n, plural, one {chaque minute} many {toutes les # minutes} other {toutes les # minutes}}.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Quelque chose devant le serveur (un proxy ou une page de connexion, pas Airwave lui-même) a refusé {endpoint} avec HTTP 401 ; nouvel essai.',
  unreadable: 'Le serveur a envoyé dans {endpoint} quelque chose que cette app ne sait pas lire.',
  ourBug: 'Un problème est survenu dans l’app ; elle va réessayer.',
};
