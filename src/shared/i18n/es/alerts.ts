/** Español: los recordatorios, los avisos sobre el servidor y qué significa una clave rechazada. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Cancelaste este recordatorio.',
  alreadyStarted: '{title} ya empezó.',
  tooMany: 'Ya hay {max} recordatorios; cancela algunos primero.',
  itsChannel: 'su canal',
  startsIn: 'Empieza en {n} min: {title}',
  startingNow: 'Empieza ahora: {title}',
  movedLater: '{title} cambió de hora: ahora a las {time}',
  movedStarted: '{title} cambió de hora: empezó a las {time}',
  wasDueAt: '{where} · estaba previsto a las {time}',
  goneAt: '{title} ya no se emite a las {time}',
  onInstead: '{where}; en su lugar se emite {title}',
  missedAsleep: 'Recordatorio perdido con el ordenador en reposo: {title}',
  missedClosed: 'Recordatorio perdido con la app cerrada: {title}',
  manyMissedAsleep: '{n, plural, one {# recordatorio perdido} other {# recordatorios perdidos}} con el ordenador en reposo',
  manyMissedClosed: '{n, plural, one {# recordatorio perdido} other {# recordatorios perdidos}} con la app cerrada',
};

export const alerts: Catalogue['alerts'] = {
  digestTitle: 'La semana pasada en {server}',
  digestTitleAll: 'La semana pasada en tus servidores',
  digestBody: '{watched} vistas por {people, plural, one {# persona} other {# personas}}, máximo {when} ({count} a la vez), lo más visto: {show}. Seguido {followed} de {span}.',
  digestBodyNoShow: '{watched} vistas por {people, plural, one {# persona} other {# personas}}, máximo {when} ({count} a la vez). Seguido {followed} de {span}.',
  digestNobody: 'Nadie vio nada. Seguido {followed} de {span}.',
  theServer: 'El servidor',
  backTitle: '{name} vuelve a estar disponible',
  backBody: 'Accesible de nuevo tras {length}.',
  awayTitle: 'No se puede acceder a {name}',
  awayBody: 'Sin respuesta desde hace {length}. La app sigue intentándolo.',
  awayBodyWhy: 'Sin respuesta desde hace {length} ({why}). La app sigue intentándolo.',
  keyRefusedTitle: '{name} ya no acepta la clave de API',
  keyRefusedBody: 'La clave {refused}. Pega una clave nueva en Ajustes.',
  keyRejectedTitle: '{name} rechazó la clave de API',
  keyRejectedBody: 'Copia una clave de Airwave, en Ajustes → Claves de API, y pégala en Ajustes.',
  fullTitle: '{name} está lleno: sin actualizaciones en directo',
  fullBody: 'Rechazó el flujo de eventos (demasiados abiertos). La app consulta periódicamente y volverá a probar el flujo más tarde.',
  versionTitle: '{name} ahora usa la versión {version}',
  versionBody: 'Antes usaba la {known}.',
  webhookFix: 'Vuelve a activarlo en Airwave, en Ajustes → Webhooks.',
  anEndpoint: 'un endpoint',
  webhookSaid: 'Airwave dijo: “{reason}”',
  webhookFailed: 'Airwave lo desactivó tras varios envíos fallidos.',
  webhookOff: '{name} desactivó el webhook “{hook}”',
  webhooksOff: '{name} desactivó {n, plural, one {# webhook} other {# webhooks}}',
  webhooksMore: '{names} y {n, plural, other {# más}}',
  webhooksCut: 'El servidor tiene {listed, plural, one {# endpoint} other {# endpoints}}; la app leyó los {read, plural, other {#}} primeros.',
};

export const key: Catalogue['key'] = {
  refusedNow: 'ya no se acepta ({until}): el servidor la regeneró, la revocó o la limitó',
  workedBefore: 'antes funcionaba',
  workedUntil: 'funcionó hasta las {time}',
  refusedMessage: 'La clave de API {refused}. Copia la clave de Airwave, en Ajustes → Claves de API, y pégala en Ajustes (Corregir la clave). {again}',
  rejectedMessage: 'El servidor rechazó la clave de API. Cópiala de Airwave, en Ajustes → Claves de API, y pégala en Ajustes (Corregir la clave). {again}',
  checksAgain: 'La app vuelve a comprobarlo cada {n, plural, one {# minuto} other {# minutos}}.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Algo delante del servidor (un proxy o una página de inicio de sesión, no Airwave) rechazó {endpoint} con HTTP 401; se reintenta.',
  unreadable: 'El servidor envió en {endpoint} algo que esta app no puede leer.',
  ourBug: 'Algo falló dentro de la app; lo volverá a intentar.',
};
