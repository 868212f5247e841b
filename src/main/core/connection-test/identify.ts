/**
 * Which Airwave server is at an address, asked without a key: one `GET /api/identity` through a
 * client of its own (the request governor in front, short deadlines, a small body cap), closed
 * afterwards. Set-up asks it as an address is typed, before any key is given; nothing is stored
 * and no key is ever sent. Null for anything but Airwave's own answer (an older Airwave without
 * the route, something else, nothing there).
 */
import type { ServerIdentity } from '../../../shared/airwave';
import { parseServerUrl, type ServerAddress } from '../../../shared/server-url';
import type { Clock } from '../../common/clock';
import { AirwaveClient } from '../client';

export interface Identified {
  address: ServerAddress;
  identity: ServerIdentity;
}

export const IDENTIFY_TIMEOUT_MS = 3_000;

export async function identifyAddress(server: string, clock: Clock): Promise<Identified | null> {
  const parsed = parseServerUrl(server);
  if (!parsed.ok) return null;
  const client = new AirwaveClient({
    server: parsed.address,
    apiKey: '',
    clock,
    timeouts: { connectMs: IDENTIFY_TIMEOUT_MS, headersMs: IDENTIFY_TIMEOUT_MS, bodyMs: IDENTIFY_TIMEOUT_MS },
    limits: { jsonBytes: 64 * 1024 },
  });
  try {
    return { address: parsed.address, identity: await client.identity({ user: true }) };
  } catch {
    return null;
  } finally {
    await client.close();
  }
}
