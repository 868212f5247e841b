/** Deutsch: Erinnerungen, Warnungen zum Server und was ein abgelehnter Schlüssel bedeutet. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Diese Erinnerung haben Sie gelöscht.',
  alreadyStarted: '{title} hat schon begonnen.',
  tooMany: 'Es gibt schon {max} Erinnerungen; löschen Sie zuerst einige.',
  itsChannel: 'sein Sender',
  startsIn: 'Beginnt in {n} Min.: {title}',
  startingNow: 'Beginnt jetzt: {title}',
  movedLater: '{title} verschoben: jetzt um {time}',
  movedStarted: '{title} verschoben: begann um {time}',
  wasDueAt: '{where} · geplant für {time}',
  goneAt: '{title} läuft nicht mehr um {time}',
  onInstead: '{where}; stattdessen läuft {title}',
  missedAsleep: 'Verpasst, während der Computer schlief: {title}',
  missedClosed: 'Verpasst, während die App geschlossen war: {title}',
  manyMissedAsleep: '{n, plural, one {# Erinnerung verpasst} other {# Erinnerungen verpasst}}, während der Computer schlief',
  manyMissedClosed: '{n, plural, one {# Erinnerung verpasst} other {# Erinnerungen verpasst}}, während die App geschlossen war',
};

export const alerts: Catalogue['alerts'] = {
  digestTitle: 'Letzte Woche auf {server}',
  digestTitleAll: 'Letzte Woche auf Ihren Servern',
  digestBody: '{watched} gesehen von {people, plural, one {1 Person} other {# Personen}}, am vollsten {when} ({count} gleichzeitig), am meisten gesehen: {show}. Verfolgt: {followed} von {span}.',
  digestBodyNoShow: '{watched} gesehen von {people, plural, one {1 Person} other {# Personen}}, am vollsten {when} ({count} gleichzeitig). Verfolgt: {followed} von {span}.',
  digestNobody: 'Niemand hat zugeschaut. Verfolgt: {followed} von {span}.',
  theServer: 'Der Server',
  backTitle: '{name} ist wieder da',
  backBody: 'Nach {length} wieder erreichbar.',
  awayTitle: '{name} nicht erreichbar',
  awayBody: 'Seit {length} keine Antwort. Die App versucht es weiter.',
  awayBodyWhy: 'Seit {length} keine Antwort ({why}). Die App versucht es weiter.',
  keyRefusedTitle: '{name} lehnt den API-Schlüssel jetzt ab',
  keyRefusedBody: 'Der Schlüssel wird {refused}. Fügen Sie in den Einstellungen einen neuen ein.',
  keyRejectedTitle: '{name} hat den API-Schlüssel abgelehnt',
  keyRejectedBody: 'Kopieren Sie einen Schlüssel aus Airwave unter Einstellungen → API-Schlüssel und fügen Sie ihn in den Einstellungen ein.',
  fullTitle: '{name} ist voll: keine Live-Updates',
  fullBody: 'Er hat den Ereignis-Stream abgelehnt (zu viele offen). Die App fragt stattdessen regelmäßig nach und versucht den Stream später erneut.',
  versionTitle: '{name} läuft jetzt mit Version {version}',
  versionBody: 'Vorher lief Version {known}.',
  webhookFix: 'Schalten Sie ihn in Airwave unter Einstellungen → Webhooks wieder ein.',
  anEndpoint: 'einen Endpunkt',
  webhookSaid: 'Airwave meldet: „{reason}“',
  webhookFailed: 'Airwave hat ihn nach wiederholt fehlgeschlagenen Zustellungen abgeschaltet.',
  webhookOff: '{name} hat den Webhook „{hook}“ abgeschaltet',
  webhooksOff: '{name} hat {n, plural, one {# Webhook} other {# Webhooks}} abgeschaltet',
  webhooksMore: '{names} und {n, plural, other {# weitere}}',
  webhooksCut: 'Der Server führt {listed, plural, one {# Endpunkt} other {# Endpunkte}}; die App hat die ersten {read, plural, other {#}} gelesen.',
};

export const key: Catalogue['key'] = {
  refusedNow: 'jetzt abgelehnt ({until}): neu erzeugt, widerrufen oder vom Server eingeschränkt',
  workedBefore: 'vorher funktionierte er',
  workedUntil: 'bis {time} funktionierte er',
  refusedMessage: 'Der API-Schlüssel wird {refused}. Kopieren Sie den Schlüssel aus Airwave unter Einstellungen → API-Schlüssel und fügen Sie ihn in den Einstellungen ein (Schlüssel korrigieren). {again}',
  rejectedMessage: 'Der Server hat den API-Schlüssel abgelehnt. Kopieren Sie ihn aus Airwave unter Einstellungen → API-Schlüssel und fügen Sie ihn in den Einstellungen ein (Schlüssel korrigieren). {again}',
  checksAgain: 'Die App prüft alle {n, plural, one {# Minute} other {# Minuten}} erneut.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Etwas vor dem Server (ein Proxy oder eine Anmeldeseite, nicht Airwave selbst) hat {endpoint} mit HTTP 401 abgelehnt; neuer Versuch.',
  unreadable: 'Der Server hat in {endpoint} etwas geschickt, das diese App nicht lesen kann.',
  ourBug: 'In der App ist etwas schiefgegangen; sie versucht es erneut.',
};
