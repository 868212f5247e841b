/**
 * How a viewer is recognised without a session id: the user on a device. Shared so the core (for
 * notifications) and the popover (to find the card a notification points at) agree.
 */
export interface DeviceInfo {
  model: string | null;
  platform: string | null;
}

/** A name as people are told apart by it: "Ann", " ann " and "ANN" are one person. */
export const foldName = (name: string): string => name.trim().toLowerCase();

/** "ann|tvos|apple tv 4k": the person on a device, case and spacing ignored. */
export function personKey(user: string, device: DeviceInfo | null): string {
  return [user, device?.platform ?? '', device?.model ?? ''].map(foldName).join('|');
}
