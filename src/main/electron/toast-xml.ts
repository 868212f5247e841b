/**
 * A Windows toast with buttons, as `toastXml` (https://www.electronjs.org/docs/latest/api/notification#new-notificationoptions,
 * "toastXml ... superseding all properties above"). Every activation, the body's and each
 * button's, goes through the app's protocol (`activationType="protocol"`): Windows opens the
 * airwave-tray: URL, which starts a second instance whose command line the running app reads in
 * `second-instance`; this works from the Action Center and after a restart too, where the
 * in-process activation does not (https://github.com/electron/electron/issues/24524).
 * Toast schema: https://learn.microsoft.com/en-us/windows/apps/design/shell/tiles-and-notifications/adaptive-interactive-toasts
 */
import { actionUrl } from '../core/notifications/action-url';
import type { NotificationButton } from '../core/notifications/kinds';

/** Windows shows at most five buttons on a toast. */
export const MAX_TOAST_BUTTONS = 5;

/** Text and attribute values escaped for XML (the five predefined entities). */
export function xmlEscaped(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** `image`: the poster as a file URL (toast-images.ts), shown in place of the app logo. */
export function toastXml(request: { id: string; title: string; body: string; buttons: readonly NotificationButton[]; image?: string | null }): string {
  const buttons = request.buttons
    .slice(0, MAX_TOAST_BUTTONS)
    .map((button) => `<action content="${xmlEscaped(button.label)}" arguments="${xmlEscaped(actionUrl(request.id, button.id))}" activationType="protocol"/>`)
    .join('');
  return (
    `<toast launch="${xmlEscaped(actionUrl(request.id, 'click'))}" activationType="protocol">` +
    `<visual><binding template="ToastGeneric"><text>${xmlEscaped(request.title)}</text><text>${xmlEscaped(request.body)}</text>` +
    (request.image ? `<image placement="appLogoOverride" src="${xmlEscaped(request.image)}"/>` : '') +
    `</binding></visual>` +
    (buttons ? `<actions>${buttons}</actions>` : '') +
    `</toast>`
  );
}
