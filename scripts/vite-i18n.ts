/**
 * The popover's build compiles the catalogue ahead of time (the renderer's Vite plugin): in each
 * `src/shared/i18n/<lang>/<section>.ts`, every message with ICU syntax becomes the function
 * messageformat's compiler writes for that language (a plain message stays a string), importing
 * only the small `@messageformat/runtime`. So the first paint carries no parser or compiler, and
 * a message with a syntax error, an unknown plural key or a category the language lacks fails
 * the build. The pseudo-locale's catalogue (`pseudo-catalogue.ts`) is English made pseudo and
 * compiled the same way. Node compiles the same sources at first use with the same compiler and
 * options (src/shared/i18n/compile.ts); test/unit/i18n-build.test.ts holds both to the same text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import Compiler from '@messageformat/core/lib/compiler.js';
import { parseAst, transformWithOxc, type Plugin } from 'vite';
import { MESSAGE_OPTIONS } from '../src/shared/i18n/compile';
import { isPlain } from '../src/shared/i18n/message-format';
import { pseudoMessage } from '../src/shared/i18n/pseudo';
import { LOCALES } from '../src/shared/i18n/locales';

/** A catalogue section file: its language from its folder. */
const SECTION = new RegExp(`[\\\\/]src[\\\\/]shared[\\\\/]i18n[\\\\/](${LOCALES.join('|')})[\\\\/][\\w-]+\\.ts$`);
const PSEUDO = /[\\/]src[\\/]shared[\\/]i18n[\\/]pseudo-catalogue\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every string literal that is a property's value, in source order. */
function messageLiterals(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const item of node) messageLiterals(item, out);
  else if (node && typeof node === 'object') {
    const n = node as Node;
    if (n.type === 'Property' && (n.value as Node)?.type === 'Literal' && typeof (n.value as { value: unknown }).value === 'string') out.push(n.value as Node);
    else for (const [key, value] of Object.entries(n)) if (key !== 'parent') messageLiterals(value, out);
  }
  return out;
}

/** The import lines for what compiled messages call (messageformat's own runtime, as its compileModule writes them). */
function runtimeImports(runtime: Compiler['runtime']): string {
  const imports = new Map<string, string[]>();
  for (const [name, fn] of Object.entries(runtime)) {
    if (!fn.module) throw new Error(`A compiled message needs ${name}, which is not in a runtime module`);
    const alias = fn.id && fn.id !== name ? `${fn.id} as ${name}` : name;
    imports.set(fn.module, [...(imports.get(fn.module) ?? []), alias]);
  }
  return [...imports].map(([module, names]) => `import { ${names.sort().join(', ')} } from ${JSON.stringify(module)};`).join('\n');
}

/**
 * `code` (a catalogue section, types already stripped) with each message compiled for `language`;
 * `source` maps a message first (the pseudo-locale). Throws, naming the message, on one that does
 * not compile.
 */
export function compileCatalogueModule(code: string, language: string, source: (text: string) => string = (text) => text): string {
  const format = new MessageFormat<'string'>(language, MESSAGE_OPTIONS);
  const compiler = new Compiler(format.options);
  const names = new Set<string>();
  let out = '';
  let at = 0;
  for (const literal of messageLiterals(parseAst(code))) {
    const text = source((literal as unknown as { value: string }).value);
    out += code.slice(at, literal.start);
    at = literal.end;
    if (isPlain(text)) {
      out += JSON.stringify(text);
      continue;
    }
    try {
      out += compiler.compile(text, format.plurals[0]!) as string;
    } catch (error) {
      throw new Error(`${language}: the message ${JSON.stringify(text)} does not compile: ${(error as Error).message}`, { cause: error });
    }
    for (const name of Object.keys(compiler.runtime)) names.add(name);
  }
  out += code.slice(at);
  for (const name of names) if (new RegExp(`\\bexport const ${name}\\b`).test(out)) throw new Error(`A catalogue section may not be called ${name}: compiled messages call it`);
  const imports = runtimeImports(compiler.runtime);
  return imports ? `${imports}\n${out}` : out;
}

/** English's popover catalogue made pseudo and compiled, as one module exporting `pseudo` (read fresh from en/ each build). */
export async function pseudoModule(i18n: string, watch: (file: string) => void): Promise<string> {
  const en = join(i18n, 'en');
  const parts: string[] = [];
  // the sections first, then index.ts and host.ts, which gather them
  const last = (name: string) => (['index.ts', 'host.ts'].includes(name) ? 1 : 0);
  for (const name of readdirSync(en).filter((file) => file.endsWith('.ts')).sort((a, b) => last(a) - last(b) || a.localeCompare(b))) {
    const file = join(en, name);
    watch(file);
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
    // one module: the sections' local imports of each other go, the runtime's imports are made once below
    // (and en/index.ts's `en` is the pseudo catalogue: `en` is what compiled messages call English's plural rule)
    parts.push(code.replace(/^import [^;]*;$/gm, '').replace(/\bexport const en\b/, 'export const pseudo'));
  }
  const compiled = compileCatalogueModule(parts.join('\n'), 'en', pseudoMessage);
  const imports = compiled.match(/^import [^;]*;$/gm) ?? [];
  return `${[...new Set(imports)].join('\n')}\n${compiled.replace(/^import [^;]*;$/gm, '')}`;
}

/** The renderer's plugin: catalogue sections compiled per language, the pseudo catalogue generated. */
export function precompiledMessages(): Plugin {
  return {
    name: 'airwave-precompiled-messages',
    async load(id) {
      if (!PSEUDO.test(id)) return null;
      return pseudoModule(join(id, '..'), (file) => this.addWatchFile(file));
    },
    transform(code, id) {
      const match = SECTION.exec(id.split('?')[0]!);
      if (!match) return null;
      return { code: compileCatalogueModule(code, match[1]!), map: null };
    },
  };
}
