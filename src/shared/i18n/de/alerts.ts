/** Deutsch: Erinnerungen, Warnungen zum Server und was ein abgelehnter Schlüssel bedeutet. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Diese Erinnerung haben Sie gelöscht.',
  alreadyStarted: '{title} hat schon begonnen.',
  tooMany: 'Es gibt schon {max} Erinnerungen; löschen Sie zuerst einige.',
  itsChannel: 'Der Sender',
  startsIn: 'Beginnt in {n} Min.: {title}',
  startingNow: 'Beginnt jetzt: {title}',
  movedLater: '{title} verschoben: jetzt um {time}',
  movedStarted: '{title} verschoben: begann um {time}',
  wasDueAt: '{where} · geplant um {time}',
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
  digestBody: '{people, plural, one {1 Person hat} other {# Personen haben}} {watched} zugeschaut, Spitzenwert {count, plural, one {# Zuschauer} other {# Zuschauer}} {when}, am meisten gesehen: {show}. Erfasst: {followed} von {lengthUnit, select, days {{lengthDays, plural, one {# Tag} other {# Tagen}}} other {{length}}}.',
  digestBodyNoShow: '{people, plural, one {1 Person hat} other {# Personen haben}} {watched} zugeschaut, Spitzenwert {count, plural, one {# Zuschauer} other {# Zuschauer}} {when}. Erfasst: {followed} von {lengthUnit, select, days {{lengthDays, plural, one {# Tag} other {# Tagen}}} other {{length}}}.',
  digestNobody: 'Niemand hat zugeschaut. Erfasst: {followed} von {lengthUnit, select, days {{lengthDays, plural, one {# Tag} other {# Tagen}}} other {{length}}}.',
  theServer: 'Der Server',
  backTitle: '{name} ist wieder da',
  backBody: 'Nach {length} wieder erreichbar.',
  awayTitle: '{name} nicht erreichbar',
  awayBody: 'Seit {length} keine Antwort. Die App versucht es weiter.',
  awayBodyWhy: 'Seit {length} keine Antwort ({why}). Die App versucht es weiter.',
  keyRefusedTitle: '{name} lehnt den API-Schlüssel jetzt ab',
  keyRefusedBody: '{known, select, yes {Der Schlüssel hat bis {day, select, other {zum } today {} week {}}{time} funktioniert und wird jetzt abgelehnt: Er wurde auf dem Server neu erzeugt, widerrufen oder eingeschränkt. Fügen Sie in den Einstellungen einen neuen ein.} other {Der Schlüssel hat vorher funktioniert und wird jetzt abgelehnt: Er wurde auf dem Server neu erzeugt, widerrufen oder eingeschränkt. Fügen Sie in den Einstellungen einen neuen ein.}}',
  keyRejectedTitle: '{name} hat den API-Schlüssel abgelehnt',
  keyRejectedBody: 'Kopieren Sie einen Schlüssel aus Airwave unter „Settings → API Keys“ und fügen Sie ihn in den Einstellungen ein.',
  fullTitle: '{name} ist voll belegt: keine Live-Updates',
  fullBody: 'Der Server hat den Live-Ereignis-Stream abgelehnt (zu viele offene Verbindungen). Die App fragt stattdessen regelmäßig nach und versucht es später erneut mit dem Stream.',
  versionTitle: '{name} läuft jetzt mit Version {version}',
  versionBody: 'Vorher lief Version {known}.',
  webhookFix: 'Schalten Sie ihn in Airwave unter „Settings → Webhooks“ wieder ein.',
  anEndpoint: 'einen Endpunkt',
  webhookSaid: 'Airwave meldet: „{reason}“',
  webhookFailed: 'Airwave hat ihn nach wiederholt fehlgeschlagenen Zustellungen abgeschaltet.',
  webhookOff: '{name} hat den Webhook „{hook}“ abgeschaltet',
  webhooksOff: '{name} hat {n, plural, one {# Webhook} other {# Webhooks}} abgeschaltet',
  webhooksMore: '{names} und {n, plural, one {# weitere} other {# weitere}}',
  webhooksCut: 'Der Server listet {listed, plural, one {# Endpunkt} other {# Endpunkte}} auf; die App hat {read, plural, one {den ersten} other {die ersten #}} gelesen.',
};

export const key: Catalogue['key'] = {
  refusedMessage: '{known, select, yes {Der API-Schlüssel hat bis {day, select, other {zum } today {} week {}}{time} funktioniert und wird jetzt abgelehnt: Er wurde auf dem Server neu erzeugt, widerrufen oder eingeschränkt.} other {Der API-Schlüssel hat vorher funktioniert und wird jetzt abgelehnt: Er wurde auf dem Server neu erzeugt, widerrufen oder eingeschränkt.}} Kopieren Sie den Schlüssel in Airwave unter „Settings → API Keys“ und fügen Sie ihn in den Einstellungen ein (Schlüssel korrigieren). Die App prüft {n, plural, one {jede Minute} other {alle # Minuten}} erneut.',
  rejectedMessage: 'Der Server hat den API-Schlüssel abgelehnt. Kopieren Sie ihn in Airwave unter „Settings → API Keys“ und fügen Sie ihn in den Einstellungen ein (Schlüssel korrigieren). Die App prüft {n, plural, one {jede Minute} other {alle # Minuten}} erneut.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Etwas vor dem Server (ein Proxy oder eine Anmeldeseite, nicht Airwave selbst) hat {endpoint} mit HTTP 401 abgelehnt; neuer Versuch.',
  unreadable: 'Der Server hat in {endpoint} etwas geschickt, das diese App nicht lesen kann.',
  ourBug: 'In der App ist etwas schiefgegangen; sie versucht es erneut.',
};
