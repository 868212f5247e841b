/**
 * The app's identity for the operating system: the id electron-builder packages it under, which
 * Windows also uses as the AppUserModelID that toasts are attributed to (they must be equal).
 */
export const APP_ID = 'org.airwave.tray';
