import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP pass-through on 127.0.0.1 in front of another local port that counts the connections
 * open through it, so a test can see every socket a client leaves behind (a held stream, a
 * request nobody waits for any more). `hold()` stops forwarding: new connections are accepted
 * and never answered, like a server that hangs. close() destroys everything still open.
 */
export interface SocketCounter {
  url: string;
  port: number;
  /** connections open right now */
  open(): number;
  /** connections accepted so far */
  accepted(): number;
  /** from now on, accept connections without forwarding them (a hanging server); `false` forwards again */
  hold(on: boolean): void;
  /** destroys every connection open now (idle keep-alive ones included) */
  dropAll(): void;
  /** resolves once `open()` equals `count`; rejects after `ms` of real time */
  waitForOpen(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSocketCounter(targetPort: number): Promise<SocketCounter> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let holding = false;
  const server = createServer((client) => {
    accepted++;
    sockets.add(client);
    client.on('error', () => {});
    client.on('close', () => sockets.delete(client));
    if (holding) return;
    const upstream = connect(targetPort, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    open: () => sockets.size,
    accepted: () => accepted,
    hold: (on) => void (holding = on),
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    async waitForOpen(count, ms = 3_000) {
      const deadline = Date.now() + ms;
      while (sockets.size !== count) {
        if (Date.now() > deadline) throw new Error(`${sockets.size} connections open, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
