import { hasRoute, ROUTES, type Channel, type ChannelNow, type NowSlot, type PublicRoutes } from '../../../shared/airwave';
import { ApiError, isMissingResource, isMissingRoute, type AirwaveClient, type CallOptions } from '../client';
import { messages } from '../../common/words';

/**
 * Looking a channel up by its number on any Airwave server. Servers that have
 * `/channels/by-number/{n}/now` answer in one request; Airwave's own router has no such route (a
 * plain-text 404), so there the lookup takes `/channels/by-number/{n}` and then `/channels/{id}/now`.
 * Which form works is remembered per server, so each lookup after the first costs no extra request;
 * where the server's `/openapi.json` lists its routes, the form is known before the first lookup
 * and no route is tried. What a server proved by answering wins over what its list says: a list
 * that names `/channels/by-number/{n}/now` on a server that answers it with a route 404 is not
 * believed again, so a lookup there costs two requests, never three.
 */

/** How a server answers a lookup: one request, or the channel record and then its now/next. */
export type LookupForm = 'by-number-now' | 'by-number-then-id';

export interface ChannelFound {
  kind: 'found';
  number: number;
  /** the channel record when the server sent one (always in the two-request form) */
  channel: Channel | null;
  now: NowSlot | null;
  next: NowSlot | null;
  endsAt: string | null;
  form: LookupForm;
}

/** The server itself said there is no channel with that number (or none this key may see). */
export interface ChannelMissing {
  kind: 'missing';
  number: number;
  form: LookupForm;
}

export type LookupResult = ChannelFound | ChannelMissing;

/** Remembered forms are kept for this many servers at most (a user has one or two). */
const MAX_SERVERS = 16;

export class ChannelLookup {
  /** server root → the form that worked there */
  readonly #forms = new Map<string, LookupForm>();
  /** server roots whose one-request route answered with a route 404 (its route list is not believed for it) */
  readonly #disproved = new Set<string>();

  /** The form known to work on this server, or null before the first lookup there. */
  formFor(client: AirwaveClient): LookupForm | null {
    return this.#forms.get(client.server.root) ?? null;
  }

  /**
   * Looks `number` up. Resolves with what is on, or with `missing` only when the server says so;
   * every other failure (offline, key rejected, a server with neither form) is the client's
   * ApiError, so the caller can keep showing what it holds.
   */
  async lookup(client: AirwaveClient, number: number, o?: CallOptions, routes?: PublicRoutes | null): Promise<LookupResult> {
    const root = client.server.root;
    const listed = hasRoute(routes, ROUTES.byNumberNow);
    if (listed !== null && !this.#disproved.has(root)) this.#remember(root, listed ? 'by-number-now' : 'by-number-then-id');
    if (this.#forms.get(root) !== 'by-number-then-id') {
      try {
        const answer = await client.channelNowByNumber(number, o);
        this.#remember(root, 'by-number-now');
        return found(number, answer, answer.channel ?? null, 'by-number-now');
      } catch (error) {
        if (isMissingResource(error)) {
          this.#remember(root, 'by-number-now');
          return { kind: 'missing', number, form: 'by-number-now' };
        }
        if (!isMissingRoute(error)) throw error;
        // no such route here, whatever a route list says: use the two-request form from now on
        this.#remember(root, 'by-number-then-id');
        this.#disproved.add(root);
      }
    }
    return this.#twoStep(client, number, o);
  }

  async #twoStep(client: AirwaveClient, number: number, o?: CallOptions): Promise<LookupResult> {
    const form: LookupForm = 'by-number-then-id';
    let channel: Channel;
    try {
      channel = await client.channelByNumber(number, o);
    } catch (error) {
      if (isMissingResource(error)) return { kind: 'missing', number, form };
      if (isMissingRoute(error)) {
        // Neither route: forget the form, so a server updated later is tried afresh.
        this.#forms.delete(client.server.root);
        this.#disproved.delete(client.server.root);
        throw new ApiError('not-found', messages().reading.noLookup, {
          endpoint: error.endpoint,
          status: error.status,
        });
      }
      throw error;
    }
    try {
      const answer = await client.channelNow(channel.id, o);
      return found(number, answer, channel, form);
    } catch (error) {
      // The channel is there but its schedule is not to be had: show the channel with nothing on.
      if (isMissingResource(error) || isMissingRoute(error)) {
        return { kind: 'found', number, channel, now: null, next: null, endsAt: null, form };
      }
      throw error;
    }
  }

  #remember(root: string, form: LookupForm): void {
    this.#forms.delete(root);
    this.#forms.set(root, form);
    while (this.#forms.size > MAX_SERVERS) {
      const oldest = this.#forms.keys().next().value;
      if (oldest === undefined) break;
      this.#forms.delete(oldest);
      this.#disproved.delete(oldest);
    }
  }
}

function found(number: number, answer: ChannelNow, channel: Channel | null, form: LookupForm): ChannelFound {
  return { kind: 'found', number, channel, now: answer.current, next: answer.next, endsAt: answer.endsAt, form };
}
