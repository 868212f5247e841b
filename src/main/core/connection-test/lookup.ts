import { hasRoute, ROUTES, type Channel, type ChannelNow, type NowSlot, type PublicRoutes, type UntimedProgram } from '../../../shared/airwave';
import { ApiError, isMissingResource, isMissingRoute, type AirwaveClient, type CallOptions } from '../client';
import { messages, t } from '../../common/words';

/**
 * Looking a channel up by its number on any Airwave server. Servers that have
 * `/channels/by-number/{n}/now` answer in one request; Airwave's own router has no such route (a
 * plain-text 404), so there the lookup takes `/channels/by-number/{n}` and then `/channels/{id}/now`.
 * Which form works is remembered per server, so each lookup after the first costs no extra request;
 * where the server's `/openapi.json` lists its routes, the form is known before the first lookup
 * and no route is tried. What a server proved by answering wins over what its list says: a list
 * that names `/channels/by-number/{n}/now` on a server that answers it with a route 404 is not
 * believed again, so a lookup there costs two requests, never three.
 *
 * What the app holds is used before anything is asked (issue 48): a channel On now lists is asked
 * by its id (`/channels/{id}/now`: one request on every server, no route tried or believed). An answer for another channel than the one asked for is refused, in words ("the
 * server answered for channel 101 when asked for channel 0"), never opened as the channel asked for.
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
  /** a slot the server named but whose times cannot be read (issue 48) */
  currentUntimed?: UntimedProgram;
  nextUntimed?: UntimedProgram;
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
  async lookup(client: AirwaveClient, number: number, o?: CallOptions, routes?: PublicRoutes | null, held?: { id: string } | null): Promise<LookupResult> {
    const root = client.server.root;
    const listed = hasRoute(routes, ROUTES.byNumberNow);
    if (listed !== null && !this.#disproved.has(root)) this.#remember(root, listed ? 'by-number-now' : 'by-number-then-id');
    if (held && hasRoute(routes, ROUTES.channelNow) !== false) {
      const byId = await this.#byId(client, number, held.id, o);
      if (byId) return byId;
    }
    if (this.#forms.get(root) !== 'by-number-then-id') {
      try {
        const answer = await client.channelNowByNumber(number, o);
        this.#remember(root, 'by-number-now');
        if (answer.channel) sameNumber(number, answer.channel.number, `GET /channels/by-number/${number}/now`);
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
      sameNumber(number, channel.number, `GET /channels/by-number/${number}`);
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

  /**
   * A channel the app holds, asked by its id: what is on, or null when that cannot tell (the id is
   * gone, or the server has no such route: the number is asked instead). The form stays the one
   * the server is known by.
   */
  async #byId(client: AirwaveClient, number: number, id: string, o?: CallOptions): Promise<LookupResult | null> {
    try {
      const answer = await client.channelNow(id, o);
      if (answer.channel) sameNumber(number, answer.channel.number, `GET /channels/${id}/now`);
      return found(number, answer, answer.channel ?? null, this.#forms.get(client.server.root) ?? 'by-number-then-id');
    } catch (error) {
      if (isMissingResource(error) || isMissingRoute(error)) return null;
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
  const untimed = { ...(answer.currentUntimed ? { currentUntimed: answer.currentUntimed } : {}), ...(answer.nextUntimed ? { nextUntimed: answer.nextUntimed } : {}) };
  return { kind: 'found', number, channel, now: answer.current, next: answer.next, endsAt: answer.endsAt, form, ...untimed };
}

/** An answer for another channel than the one asked for is refused, in words (issue 48). */
function sameNumber(asked: number, answered: number, endpoint: string): void {
  if (asked === answered) return;
  throw new ApiError('bad-response', t(messages().reading.answeredFor, { asked: String(asked), answered: String(answered) }), { endpoint });
}
