/**
 * Owns how followed servers are named for people: two servers that share a name ("Home" and
 * "Home") are always told apart by the host they are reached at ("Home (nas.local)"), or the host
 * and port when the host is shared too. Used by the core (switcher, cards, footer, tray, badge
 * choice all read the names it gives) and nowhere else, so every place says the same thing.
 */

export interface NamedServer {
  id: string;
  name: string;
  address: string;
}

/** The host of an address ("http://nas.local:36020/x" → nas.local); the address itself when it does not parse. */
export function hostOf(address: string, withPort = false): string {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `http://${address}`);
    return withPort ? url.host : url.hostname;
  } catch {
    return address;
  }
}

const sameName = (a: string) => a.trim().toLocaleLowerCase();

/** Each server's name for people, by id: its own name while no other server shares it, else with the host (and port) added. */
export function distinctNames(servers: readonly NamedServer[]): Map<string, string> {
  const names = new Map<string, string>();
  const groups = new Map<string, NamedServer[]>();
  for (const server of servers) groups.set(sameName(server.name), [...(groups.get(sameName(server.name)) ?? []), server]);
  for (const group of groups.values()) {
    if (group.length === 1) {
      names.set(group[0]!.id, group[0]!.name);
      continue;
    }
    const hosts = group.map((server) => hostOf(server.address));
    const hostsDiffer = new Set(hosts).size === hosts.length;
    const places = hostsDiffer ? hosts : group.map((server) => hostOf(server.address, true));
    const placesDiffer = new Set(places).size === places.length;
    group.forEach((server, i) => names.set(server.id, placesDiffer ? `${server.name} (${places[i]})` : `${server.name} (${i + 1})`));
  }
  return names;
}
