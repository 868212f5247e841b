import type { ComponentChildren } from 'preact';
import { channel as t } from '../strings/channel';
import { definitionLines } from './definition-sentence';

/**
 * A channel's `definition`, readable: short lines, each a whole message, where its structure allows
 * (definition-sentence.ts), and everything else behind "Technical details": the fields shown
 * generically (keys as labels, nested objects as nested lists) and the raw JSON. Its layout carries
 * no stability promise, so nothing on the first view depends on more than the sentence.
 */
const MAX_DEPTH = 5;
const MAX_ITEMS = 40;

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

function render(value: unknown, depth: number): ComponentChildren {
  if (value === null || value === undefined || value === '') return <span class="muted">{t.empty}</span>;
  if (typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return <code>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">{t.empty}</span>;
    if (value.every((item) => typeof item !== 'object' || item === null)) return value.slice(0, MAX_ITEMS).map(String).join(', ');
    return (
      <ol class="definition-list">
        {value.slice(0, MAX_ITEMS).map((item, i) => (
          <li key={i}>{render(item, depth + 1)}</li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS);
  return (
    <dl class="definition-facts">
      {entries.map(([key, item]) => (
        <div key={key}>
          <dt>{words(key)}</dt>
          <dd>{render(item, depth + 1)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Definition({ value }: { value: unknown }) {
  const lines = definitionLines(value);
  return (
    <section class="definition" aria-labelledby="channel-definition">
      <h3 id="channel-definition">{t.definition}</h3>
      {lines ? (
        <ul class="definition-sentence">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t.noSentence}</p>
      )}
      <details class="definition-details">
        <summary>{t.technical}</summary>
        {render(value, 0)}
        <details>
          <summary>{t.raw}</summary>
          <pre tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>
        </details>
      </details>
    </section>
  );
}
