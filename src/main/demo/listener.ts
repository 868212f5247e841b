import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fail } from './http';

/**
 * The demo's node:http listener: serves a handler (a thrown error becomes a 500), counts requests
 * by path and bytes on the wire for tests and benchmarks, and closes with every socket destroyed.
 */

export interface Listener {
  /** http://host:port, no trailing slash */
  url: string;
  port: number;
  /** requests served so far, by path without the query */
  requestCounts(): Record<string, number>;
  /** bytes sent and received on all connections so far, headers included */
  traffic(): { sent: number; received: number };
  close(): Promise<void>;
}

export async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  host: string,
): Promise<Listener> {
  const sockets = new Set<Socket>();
  const requests = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) fail(res, 500, 'internal', 'The demo server failed.');
      console.error('demo server:', error);
    }
  });
  // bytes on the wire (headers included), for the benchmarks' bytes per hour
  const closed = { sent: 0, received: 0 };
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed.sent += socket.bytesWritten;
      closed.received += socket.bytesRead;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;

  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    requestCounts: () => Object.fromEntries(requests),
    traffic: () => {
      let { sent, received } = closed;
      for (const socket of sockets) {
        sent += socket.bytesWritten;
        received += socket.bytesRead;
      }
      return { sent, received };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
