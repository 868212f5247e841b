import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server, counting the connections open through it: the
 * core's lifecycle tests point the app at it and check that closing the app leaves none open.
 */
export interface SocketMeter {
  /** http://127.0.0.1:port of the relay */
  url: string;
  /** connections open through the relay now */
  open(): number;
  /** connections accepted so far */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSocketMeter(target: string): Promise<SocketMeter> {
  const { hostname, port } = new URL(target);
  const clients = new Set<Socket>();
  let accepted = 0;
  const server = createServer((client) => {
    accepted++;
    clients.add(client);
    const upstream = createConnection({ host: hostname, port: Number(port) });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => {
      clients.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    open: () => clients.size,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits in real time (at most `ms`) for `check` to hold, letting sockets finish closing. */
export async function settled(check: () => boolean, ms = 1_000): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 10) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return check();
}

/** Whether anything accepts a TCP connection at `url` (a closed server refuses). */
export function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
