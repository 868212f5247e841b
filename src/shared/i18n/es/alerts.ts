/** Español: los recordatorios, los avisos sobre el servidor y qué significa una clave rechazada. */
import type { Catalogue } from '../en';

export const reminders: Catalogue['reminders'] = {
  cancelledOne: 'Cancelaste este recordatorio.',
  alreadyStarted: '{title} ya empezó.',
  tooMany: 'Ya hay {max} recordatorios; cancela algunos primero.',
  itsChannel: 'su canal',
  startsIn: 'Empieza en {n} min: {title}',
  startingNow: 'Empieza ahora: {title}',
  movedLater: '{title} cambió de hora: ahora a {hour, plural, one {la} many {las} other {las}} {time}',
  movedStarted: '{title} cambió de hora: empezó a {hour, plural, one {la} many {las} other {las}} {time}',
  wasDueAt: '{where} · estaba previsto a {hour, plural, one {la} many {las} other {las}} {time}',
  goneAt: '{title} ya no se emite a {hour, plural, one {la} many {las} other {las}} {time}',
  onInstead: '{where}; en su lugar se emite {title}',
  missedAsleep: 'Recordatorio perdido con el ordenador en reposo: {title}',
  missedClosed: 'Recordatorio perdido con la app cerrada: {title}',
  manyMissedAsleep: '{n, plural, one {# recordatorio perdido} many {# de recordatorios perdidos} other {# recordatorios perdidos}} con el ordenador en reposo',
  manyMissedClosed: '{n, plural, one {# recordatorio perdido} many {# de recordatorios perdidos} other {# recordatorios perdidos}} con la app cerrada',
};

export const alerts: Catalogue['alerts'] = {
  theServer: 'El servidor',
  backTitle: '{name} vuelve a estar disponible',
  backBody: 'Vuelve a estar accesible tras {length} sin respuesta.',
  awayTitle: '{name} no responde',
  awayBody: 'Sin respuesta desde hace {length}. La app sigue intentándolo.',
  awayBodyWhy: 'Sin respuesta desde hace {length} ({why}). La app sigue intentándolo.',
  keyRefusedTitle: '{name} ya no acepta la clave de API',
  keyRefusedBody: '{known, select, yes {La clave funcionó hasta {hour, plural, one {la} many {las} other {las}} {time} y ahora se rechaza: el servidor la regeneró, la revocó o la limitó. Pega una clave nueva en Ajustes.} other {La clave funcionaba antes y ahora se rechaza: el servidor la regeneró, la revocó o la limitó. Pega una clave nueva en Ajustes.}}',
  keyRejectedTitle: '{name} rechazó la clave de API',
  keyRejectedBody: 'Copia una clave desde Airwave, en «Settings → API Keys», y pégala en Ajustes.',
  fullTitle: '{name} está saturado: sin actualizaciones en directo',
  fullBody: 'Rechazó el flujo de eventos (hay demasiados abiertos). Mientras tanto, la app lo consulta periódicamente y volverá a probar el flujo más tarde.',
  versionTitle: '{name} ahora usa la versión {version}',
  versionBody: 'Antes usaba la {known}.',
  webhookFix: 'Vuelve a activarlo en Airwave, en «Settings → Webhooks».',
  anEndpoint: 'un endpoint',
  webhookSaid: 'Airwave dijo: «{reason}»',
  webhookFailed: 'Airwave lo desactivó tras varios envíos fallidos.',
  webhookOff: '{name} desactivó el webhook «{hook}»',
  webhooksOff: '{name} desactivó {n, plural, one {# webhook} many {# de webhooks} other {# webhooks}}',
  webhooksMore: '{names} y {n, plural, one {# más} many {# más} other {# más}}',
  webhooksCut: 'El servidor tiene {listed, plural, one {# endpoint} many {# de endpoints} other {# endpoints}}; la app leyó {read, plural, one {el primero} many {los # primeros} other {los # primeros}}.',
};

export const key: Catalogue['key'] = {
  refusedMessage: '{known, select, yes {La clave de API funcionó hasta {hour, plural, one {la} many {las} other {las}} {time} y ahora se rechaza: el servidor la regeneró, la revocó o la limitó.} other {La clave de API funcionaba antes y ahora se rechaza: el servidor la regeneró, la revocó o la limitó.}} Copia la clave desde Airwave, en «Settings → API Keys», y pégala en Ajustes (Corregir la clave). La app vuelve a comprobarlo cada {n, plural, one {minuto} many {# minutos} other {# minutos}}.',
  rejectedMessage: 'El servidor rechazó la clave de API. Cópiala desde Airwave, en «Settings → API Keys», y pégala en Ajustes (Corregir la clave). La app vuelve a comprobarlo cada {n, plural, one {minuto} many {# minutos} other {# minutos}}.',
};

export const sync: Catalogue['sync'] = {
  proxyRefused: 'Algo delante del servidor (un proxy o una página de inicio de sesión, no el propio Airwave) rechazó {endpoint} con HTTP 401; se vuelve a intentar.',
  unreadable: 'El servidor envió en {endpoint} algo que esta app no puede leer.',
  ourBug: 'Algo falló dentro de la app; lo volverá a intentar.',
};
