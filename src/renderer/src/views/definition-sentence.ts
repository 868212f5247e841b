/**
 * A channel's definition said as one plain sentence ("Sitcom titles under 2 h 30 min and the
 * “90s Sitcoms picks” collection, shuffled, one show at a time, plus 2 hand-picked titles"), read
 * tolerantly from the shape servers send today. The layout carries no stability promise: what is
 * not understood is left out, and with nothing understood there is no sentence (the technical
 * details still show it all). Pure, free of the DOM.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

function minutes(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
}

/** One filter condition in words, or null when it is not one the sentence knows. */
function condition(node: Json): string | null {
  const field = text(node.field);
  const op = text(node.op);
  const value = node.value;
  if (!field || !op) return null;
  if (field === 'duration' && typeof value === 'number') {
    if (op === '<' || op === '<=') return `under ${minutes(value)}`;
    if (op === '>' || op === '>=') return `over ${minutes(value)}`;
  }
  if ((field === 'year' || field === 'originallyAvailableAt') && typeof value === 'number') {
    if (op === '<' || op === '<=') return `from before ${value}`;
    if (op === '>' || op === '>=') return `from ${value} on`;
  }
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  if (!shown) return null;
  if (op === 'is' || op === '=' || op === '==') return field === 'genre' ? null : `with ${field} ${shown}`;
  if (op === 'isNot' || op === '!=') return `not ${field} ${shown}`;
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

function filterPhrase(tree: unknown): string | null {
  const nodes = leaves(tree);
  if (nodes.length === 0) return null;
  const genre = nodes.find((n) => n.field === 'genre' && (n.op === 'is' || n.op === '=') && text(n.value));
  const rest = nodes.filter((n) => n !== genre).map(condition).filter((c): c is string => c !== null);
  const head = genre ? `${capital(String(genre.value))} titles` : 'Titles';
  return rest.length > 0 ? `${head} ${rest.join(' and ')}` : genre ? head : null;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const ORDERING: Record<string, string> = { shuffle: 'shuffled', random: 'shuffled', sequential: 'in order' };
const SORT: Record<string, string> = { originallyAvailableAt: 'by air date', titleSort: 'by title', title: 'by title', addedAt: 'by date added', year: 'by year' };
const STRATEGY: Record<string, string> = { rotateShows: 'one show at a time', blockShows: 'a show at a time in blocks' };

export function definitionSentence(definition: unknown): string | null {
  if (!isObject(definition)) return null;
  const sources: string[] = [];
  let picked = 0;
  for (const clause of Array.isArray(definition.clauses) ? definition.clauses.slice(0, 20) : []) {
    if (!isObject(clause)) continue;
    if (clause.type === 'filter') {
      const phrase = filterPhrase(clause.tree);
      if (phrase) sources.push(phrase);
    } else if ((clause.type === 'collection' || clause.type === 'playlist') && isObject(clause.source)) {
      const name = text(clause.source.collection) ?? text(clause.source.playlist) ?? text(clause.source.name);
      if (name) sources.push(`${sources.length ? 'the' : 'The'} “${name}” ${clause.type}`);
    } else if (clause.type === 'items' && Array.isArray(clause.keys)) {
      picked += clause.keys.length;
    }
  }
  const how: string[] = [];
  const ordering = text(definition.ordering);
  const sequential = ordering === 'sequential';
  if (ordering && ORDERING[ordering] && !sequential) how.push(ORDERING[ordering]);
  const sort = isObject(definition.sort) ? text(definition.sort.field) : null;
  if (sequential && sort && SORT[sort]) how.push(`${SORT[sort]}${isObject(definition.sort) && definition.sort.direction === 'desc' ? ', newest first' : ''}`.replace('by title, newest first', 'by title, Z to A'));
  else if (sequential) how.push('in order');
  const strategy = text(definition.strategy);
  if (strategy && STRATEGY[strategy]) how.push(STRATEGY[strategy]);
  if (sources.length === 0 && picked === 0) return null;
  const what = sources.length > 0 ? sources.join(' and ') : capital(plural(picked, 'hand-picked title', 'hand-picked titles'));
  const plus = sources.length > 0 && picked > 0 ? `, plus ${plural(picked, 'hand-picked title', 'hand-picked titles')}` : '';
  return `${what}${how.length ? `, ${how.join(', ')}` : ''}${plus}.`;
}
