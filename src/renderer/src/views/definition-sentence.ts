/**
 * What a channel plays, said as short lines, each one whole message of the catalogue
 * (`channel.plays`: "Sitcom titles", "Shorter than 2 h 30 min", "The collection “90s Sitcoms
 * picks”", "2 hand-picked titles", "Played in random order", "One show at a time, taking turns"),
 * read tolerantly from the shape servers send today. No sentence is glued from fragments, so every
 * language words each line itself. The layout carries no stability promise: what is not
 * understood is left out, and with nothing understood there are no lines (the technical details
 * still show it all). Free of the DOM.
 */
import { duration } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

const w = () => messages().channel.plays;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const length = (seconds: number) => duration(Math.round(seconds / 60) * 60_000);

/** One filter condition in words, or null when it is not one the sentence knows. */
function condition(node: Json): string | null {
  const field = text(node.field);
  const op = text(node.op);
  const value = node.value;
  if (!field || !op) return null;
  if (field === 'duration' && typeof value === 'number') {
    if (op === '<' || op === '<=') return t(w().shorter, { length: length(value) });
    if (op === '>' || op === '>=') return t(w().longer, { length: length(value) });
  }
  if ((field === 'year' || field === 'originallyAvailableAt') && typeof value === 'number') {
    if (op === '<' || op === '<=') return t(w().before, { year: value });
    if (op === '>' || op === '>=') return t(w().since, { year: value });
  }
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  if (!shown) return null;
  if (op === 'is' || op === '=' || op === '==') return field === 'genre' ? null : t(w().fieldIs, { field, value: shown });
  if (op === 'isNot' || op === '!=') return t(w().fieldIsNot, { field, value: shown });
  return null;
}

/** The leaves of an "and" filter tree (a tree of another shape gives nothing). */
function leaves(tree: unknown, out: Json[] = []): Json[] {
  if (!isObject(tree) || out.length > 20) return out;
  if (Array.isArray(tree.children)) {
    if (tree.op !== 'and') return out;
    for (const child of tree.children) leaves(child, out);
  } else out.push(tree);
  return out;
}

/** A filter's lines: its genre, then each condition the lines know. */
function filterLines(tree: unknown): string[] {
  const nodes = leaves(tree);
  const genre = nodes.find((n) => n.field === 'genre' && (n.op === 'is' || n.op === '=') && text(n.value));
  const rest = nodes.filter((n) => n !== genre).map(condition).filter((c): c is string => c !== null);
  return [...(genre ? [t(w().genre, { genre: capital(String(genre.value)) })] : []), ...rest];
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sort fields the lines name (the message's select keys), by the server's field. */
const SORT: Record<string, string> = { originallyAvailableAt: 'airDate', titleSort: 'title', title: 'title', addedAt: 'added', year: 'year' };

/** What `definition` plays, a line each; null when nothing in it is understood. */
export function definitionLines(definition: unknown): string[] | null {
  if (!isObject(definition)) return null;
  const lines: string[] = [];
  let picked = 0;
  for (const clause of Array.isArray(definition.clauses) ? definition.clauses.slice(0, 20) : []) {
    if (!isObject(clause)) continue;
    if (clause.type === 'filter') for (const line of filterLines(clause.tree)) lines.push(line);
    else if ((clause.type === 'collection' || clause.type === 'playlist') && isObject(clause.source)) {
      const name = text(clause.source.collection) ?? text(clause.source.playlist) ?? text(clause.source.name);
      if (name) lines.push(t(clause.type === 'collection' ? w().collection : w().playlist, { name }));
    } else if (clause.type === 'items' && Array.isArray(clause.keys)) {
      picked += clause.keys.length;
    }
  }
  if (picked > 0) lines.push(t(w().picked, { n: picked }));
  if (lines.length === 0) return null;
  const ordering = text(definition.ordering);
  if (ordering === 'shuffle' || ordering === 'random') lines.push(w().shuffled);
  else if (ordering === 'sequential') {
    const sort = isObject(definition.sort) ? text(definition.sort.field) : null;
    const desc = isObject(definition.sort) && definition.sort.direction === 'desc';
    lines.push(t(desc ? w().orderDesc : w().order, { sort: (sort && SORT[sort]) ?? 'other' }));
  }
  const strategy = text(definition.strategy);
  if (strategy === 'rotateShows') lines.push(w().rotate);
  else if (strategy === 'blockShows') lines.push(w().blocks);
  return lines;
}
