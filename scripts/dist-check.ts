/**
 * `npm run dist:check`: packs the app offline with electron-builder's `dir` target and checks the
 * archive a user would get. Without Electron's binary (our build machines) the app is packed
 * around a stub Electron distribution made here, and the fuses are explicitly not flipped (the
 * stub has no fuse wire); with the real binary in node_modules/electron/dist it is used as is.
 * Checks: package.json's `main` is inside app.asar; every module the built main and preload
 * bundles import resolves inside it (and their own dependencies, transitively); no devDependency
 * is in it; the renderer and the tray icons are there; the app icons were generated; the size
 * is printed against a budget. The unpacked app is left in dist/<platform>-unpacked/.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, getRawHeader, listPackage } from '@electron/asar';
import { build, Platform, type Configuration } from 'electron-builder';
import { parseAst } from 'vite';
import config from '../electron-builder.config';
import { makeAfterPack } from './after-pack';
import { LINUX_SIZES, makeAppIcons } from './make-app-icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** app.asar may not grow past this without someone deciding it should */
export const ASAR_BUDGET_BYTES = 10 * 1024 * 1024;

const problems: string[] = [];
const problem = (text: string) => problems.push(text);
const say = (text: string) => console.log(`dist:check: ${text}`);

/** A stand-in Electron distribution with the layout electron-builder copies for this platform. */
function stubElectron(dir: string, version: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'locales', 'en-US.pak'), 'stub');
  writeFileSync(join(dir, 'LICENSE'), 'stub Electron distribution made by scripts/dist-check.ts\n');
  writeFileSync(join(dir, 'version'), version);
  if (process.platform === 'win32') {
    writeFileSync(join(dir, 'electron.exe'), 'stub');
  } else if (process.platform === 'linux') {
    writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho "stub Electron: dist:check packs the app around it, it cannot run"\nexit 1\n');
    chmodSync(join(dir, 'electron'), 0o755);
  } else {
    throw new Error('dist:check on macOS needs the real Electron binary (npm ci without ELECTRON_SKIP_BINARY_DOWNLOAD)');
  }
}

function electronDist(): { dir: string; stub: boolean } {
  const real = join(root, 'node_modules', 'electron', 'dist');
  const binary = process.platform === 'darwin' ? 'Electron.app' : process.platform === 'win32' ? 'electron.exe' : 'electron';
  if (existsSync(join(real, binary)) && !process.env.DIST_CHECK_STUB) return { dir: real, stub: false };
  const version = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version as string;
  const dir = join(root, 'dist', '.stub-electron');
  stubElectron(dir, version);
  return { dir, stub: true };
}

/**
 * Bare module names a built bundle imports or requires (node: and relative ones left out), read
 * from its syntax tree: an `import … from 'x'` inside a comment (a bundled library's JSDoc) or a
 * string that happens to end in "from" is not an import.
 */
export function importedPackages(code: string): string[] {
  const names = new Set<string>();
  const literal = (node: unknown): string | null => {
    const n = node as { type?: string; value?: unknown } | null;
    return n?.type === 'Literal' && typeof n.value === 'string' ? n.value : null;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    let found: string | null = null;
    if (n.type === 'ImportDeclaration' || n.type === 'ExportAllDeclaration' || n.type === 'ExportNamedDeclaration' || n.type === 'ImportExpression') found = literal(n.source);
    else if (n.type === 'CallExpression' && (n.callee as { type?: string; name?: string })?.type === 'Identifier' && (n.callee as { name?: string }).name === 'require') found = literal((n.arguments as unknown[])[0]);
    if (found) names.add(found);
    for (const [key, value] of Object.entries(n)) if (key !== 'parent' && value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  return [...names].filter((name) => /^[@\w]/.test(name) && !builtins.has(name) && !name.startsWith('node:') && name !== 'electron').sort();
}

const packageOf = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

/** Picks a target out of an `exports` condition tree as Node would for import/require. */
function conditionTarget(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(conditionTarget).find((t) => t) ?? null;
  if (target && typeof target === 'object') {
    for (const key of ['node', 'import', 'require', 'default']) {
      const found = key in target ? conditionTarget((target as Record<string, unknown>)[key]) : null;
      if (found) return found;
    }
  }
  return null;
}

class Archive {
  readonly files: Set<string>;
  constructor(readonly path: string) {
    this.files = new Set(listPackage(path, { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, '')));
  }
  has(file: string): boolean {
    return this.files.has(posix.normalize(file));
  }
  json(file: string): Record<string, unknown> {
    return JSON.parse(extractFile(this.path, file).toString('utf8')) as Record<string, unknown>;
  }
  /** The folder of package `name` as Node finds it from `fromDir` (walking up node_modules). */
  findPackage(name: string, fromDir: string): string | null {
    let dir = fromDir;
    for (;;) {
      const candidate = posix.join(dir, 'node_modules', name);
      if (this.has(posix.join(candidate, 'package.json'))) return candidate;
      if (dir === '' || dir === '.') return null;
      const up = posix.dirname(dir);
      dir = up === dir ? '' : up;
    }
  }
  /** The file `specifier` resolves to, or null. */
  resolve(specifier: string, fromDir = ''): string | null {
    const name = packageOf(specifier);
    const dir = this.findPackage(name, fromDir);
    if (!dir) return null;
    const manifest = this.json(posix.join(dir, 'package.json'));
    const sub = specifier.slice(name.length); // '' or '/node'
    const exportsField = manifest.exports as unknown;
    let target: string | null = null;
    if (exportsField && typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).some((k) => k.startsWith('.'))) {
      const map = exportsField as Record<string, unknown>;
      target = conditionTarget(map[`.${sub}`] ?? (sub ? map['./*'] && String(conditionTarget(map['./*'])).replace('*', sub.slice(1)) : undefined));
    } else if (exportsField && !sub) target = conditionTarget(exportsField);
    const candidates = target ? [target] : sub ? [`.${sub}`, `.${sub}.js`, `.${sub}/index.js`] : [String(manifest.main ?? 'index.js'), `${String(manifest.main ?? 'index')}.js`, `${String(manifest.main ?? '.')}/index.js`];
    return candidates.map((c) => posix.join(dir, c)).find((file) => this.has(file)) ?? null;
  }
}

/** Every package reachable from `names` through `dependencies` must resolve inside the archive. */
function checkDependencyTree(archive: Archive, names: string[]): number {
  const seen = new Set<string>();
  const queue: [string, string][] = names.map((n) => [n, '']);
  while (queue.length > 0) {
    const [specifier, from] = queue.shift()!;
    const dir = archive.findPackage(packageOf(specifier), from);
    if (!dir) {
      problem(`${specifier} (needed by ${from || 'the app'}) is not in app.asar`);
      continue;
    }
    if (from === '' && !archive.resolve(specifier)) problem(`${specifier}: its entry file is not in app.asar`);
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = archive.json(posix.join(dir, 'package.json'));
    const optional = new Set(Object.keys((manifest.optionalDependencies as Record<string, string>) ?? {}));
    const peerOptional = manifest.peerDependenciesMeta as Record<string, { optional?: boolean }> | undefined;
    for (const dep of Object.keys((manifest.dependencies as Record<string, string>) ?? {})) if (!optional.has(dep)) queue.push([dep, dir]);
    for (const dep of Object.keys((manifest.peerDependencies as Record<string, string>) ?? {})) if (!peerOptional?.[dep]?.optional) queue.push([dep, dir]);
  }
  return seen.size;
}

function checkIcons(): void {
  const dir = join(root, 'build', 'icons');
  const head = (file: string, bytes: number) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file)).subarray(0, bytes) : Buffer.alloc(0));
  if (head('icon.icns', 4).toString('latin1') !== 'icns') problem('build/icons/icon.icns is missing or not an ICNS file');
  if (!head('icon.ico', 4).equals(Buffer.from([0, 0, 1, 0]))) problem('build/icons/icon.ico is missing or not an ICO file');
  for (const size of [1024, ...LINUX_SIZES]) {
    const file = size === 1024 ? 'icon.png' : join('linux', `${size}x${size}.png`);
    const png = existsSync(join(dir, file)) ? readFileSync(join(dir, file)) : Buffer.alloc(0);
    if (png.subarray(1, 4).toString('latin1') !== 'PNG' || png.readUInt32BE(16) !== size) problem(`build/icons/${file} is missing or not ${size} px`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(join(root, 'out', 'main', 'index.js'))) throw new Error('out/ is missing: run `npm run build` first (npm run dist:check does)');
  const icons = makeAppIcons();
  say(`generated ${icons.length} app icons in build/icons/`);
  checkIcons();

  const dist = electronDist();
  say(dist.stub ? `packing around a stub Electron (${relative(root, dist.dir)}): the fuses are not flipped` : `packing around the real Electron in ${relative(root, dist.dir)}`);
  const platform = process.platform === 'darwin' ? Platform.MAC : process.platform === 'win32' ? Platform.WINDOWS : Platform.LINUX;
  const checkConfig: Configuration = {
    ...config,
    electronDist: dist.dir,
    afterPack: makeAfterPack({ flipFuses: !dist.stub }),
    publish: null,
    // a stub executable cannot be edited or signed
    ...(dist.stub ? { disableAsarIntegrity: true, win: { ...config.win, signAndEditExecutable: false } } : {}),
    mac: { ...config.mac, identity: null, notarize: false },
  };
  await build({ targets: platform.createTarget('dir'), config: checkConfig, publish: 'never', projectDir: root });

  const appDir = process.platform === 'darwin' ? join(root, 'dist', 'mac', 'Airwave Tray.app', 'Contents', 'Resources') : join(root, 'dist', process.platform === 'win32' ? 'win-unpacked' : 'linux-unpacked', 'resources');
  const asarPath = join(appDir, 'app.asar');
  if (!existsSync(asarPath)) throw new Error(`electron-builder left no ${relative(root, asarPath)}`);
  const archive = new Archive(asarPath);

  // 1. package.json's main points at a file inside
  const manifest = archive.json('package.json');
  const main = String(manifest.main ?? '');
  if (!main || !archive.has(posix.normalize(main))) problem(`package.json main "${main}" is not a file in app.asar`);

  // 2. every module the built main and preload import resolves inside (with its own dependencies)
  const imported = [...new Set(['out/main/index.js', 'out/preload/index.cjs'].flatMap((file) => (archive.has(file) ? importedPackages(extractFile(asarPath, file).toString('utf8')) : (problem(`${file} is not in app.asar`), []))))];
  const packages = checkDependencyTree(archive, imported);
  for (const name of imported) if (!archive.resolve(name)) problem(`${name} does not resolve inside app.asar`);

  // 3. no devDependency
  const devDependencies = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies as Record<string, string>) ?? {});
  for (const name of devDependencies) if (archive.has(`node_modules/${name}/package.json`)) problem(`devDependency ${name} is in app.asar`);
  const sources = [...archive.files].filter((f) => /^(src|test|bench|scripts|build|docs)\//.test(f) || f.endsWith('.map'));
  if (sources.length > 0) problem(`source files in app.asar: ${sources.slice(0, 5).join(', ')}`);

  // 4. the renderer (the page and every file it links) and the tray icons (unpacked for nativeImage)
  const page = archive.has('out/renderer/index.html') ? extractFile(asarPath, 'out/renderer/index.html').toString('utf8') : (problem('out/renderer/index.html is not in app.asar'), '');
  for (const [, ref] of page.matchAll(/(?:src|href)="\.?\/?([^"]+)"/g)) if (!archive.has(posix.join('out/renderer', ref!))) problem(`the page links ${ref}, which is not in app.asar`);
  const header = JSON.stringify(getRawHeader(asarPath).header);
  for (const icon of ['tray-normal.png', 'tray-normal@2x.png', 'trayTemplate.png', 'trayTemplate@2x.png']) {
    if (!archive.has(`resources/tray/${icon}`) || !existsSync(join(appDir, 'app.asar.unpacked', 'resources', 'tray', icon))) problem(`tray icon ${icon} is not unpacked next to app.asar`);
  }
  if (!header.includes('"unpacked":true')) problem('nothing is unpacked: the tray icons must be real files');

  // 5. the size against the budget
  const size = statSync(asarPath).size;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  say(`app.asar: ${mb(size)} of a ${mb(ASAR_BUDGET_BYTES)} budget (${archive.files.size} entries, ${packages} production packages)`);
  if (size > ASAR_BUDGET_BYTES) problem(`app.asar is ${mb(size)}, over its ${mb(ASAR_BUDGET_BYTES)} budget`);

  say(`unpacked app left in ${relative(root, dirname(appDir))}/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (problems.length > 0) {
    for (const text of problems) console.error(`dist:check: FAIL ${text}`);
    process.exit(1);
  }
  say(`OK: main, ${imported.length} imported modules (${imported.join(', ')}), no devDependencies, renderer, icons`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(`dist:check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
