/**
 * Notification buttons that come back through the app's protocol (Windows toasts, toast-xml.ts):
 * the app registers as the airwave-tray: client before `ready`, and a second launch's command line
 * (`second-instance`), or this launch's own, is read strictly (core/notifications/action-url.ts)
 * for the notification and button it names. A second launch without one opens the popover.
 */
import { join } from 'node:path';
import { app } from 'electron';
import type { Disposable } from '../common/disposable';
import { ACTION_SCHEME, actionInArgv, type ActionRef } from '../core/notifications/action-url';
import { listen } from './lifecycle';

/** Windows only: the app opens airwave-tray: URLs; a development run registers itself with its script. */
export function registerActionProtocol(platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'win32') return;
  if (app.isPackaged) app.setAsDefaultProtocolClient(ACTION_SCHEME);
  else app.setAsDefaultProtocolClient(ACTION_SCHEME, process.execPath, [join(process.cwd(), process.argv[1] ?? '.')]);
}

export interface ActionTarget {
  notificationAction(id: string, action: ActionRef['action']): unknown;
  focus(target: null): void;
}

/** A second launch: the button its URL names, else the popover. Undone on quit. */
export function listenForActions(core: ActionTarget): Disposable {
  return listen(app, 'second-instance', (_event: Electron.Event, argv: string[]) => {
    const pressed = actionInArgv(Array.isArray(argv) ? argv : []);
    if (pressed) core.notificationAction(pressed.id, pressed.action);
    else core.focus(null);
  });
}

/** Launched by a toast's button while the app was not running: that run's notification is gone, so the popover opens. */
export function actionAtLaunch(core: ActionTarget, argv: readonly string[] = process.argv): void {
  const pressed = actionInArgv(argv);
  if (pressed) core.notificationAction(pressed.id, pressed.action);
}
