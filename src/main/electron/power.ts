import { net, powerMonitor } from 'electron';

/**
 * The power and network port: sleep and wake from powerMonitor; "the network is back" by polling
 * net.isOnline (Electron has no event for it in main).
 */
export interface PowerEvents {
  suspend(): void;
  resume(): void;
  online(): void;
}

export function watchPower(events: PowerEvents, onlinePollMs = 10_000): () => void {
  powerMonitor.on('suspend', events.suspend);
  powerMonitor.on('resume', events.resume);
  let online = net.isOnline();
  const timer = setInterval(() => {
    const now = net.isOnline();
    if (now && !online) events.online();
    online = now;
  }, onlinePollMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    powerMonitor.off('suspend', events.suspend);
    powerMonitor.off('resume', events.resume);
  };
}
