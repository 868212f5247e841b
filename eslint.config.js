// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const noElectron = {
  name: 'electron',
  message: 'Only the Electron host (src/main/electron, src/main/index.ts, src/preload) may import electron; the core runs under plain Node.',
};

/** Folders under src/main with layer rules of their own (below). */
const layered = ['src/main/core/**', 'src/main/demo/**', 'src/main/common/**'];

/** An import pattern forbidding the named folders under src/main, by relative path. */
const layer = (folders, message) => ({
  group: folders.flatMap((folder) => [`../${folder}`, `../${folder}/**`, `../../${folder}`, `../../${folder}/**`, `../../../${folder}/**`, `**/main/${folder}/**`]),
  message,
});

const noNodeBuiltins = nodeBuiltins.map((name) => ({
  name,
  message: 'Node built-ins are not available here: this code also runs in the sandboxed renderer.',
}));

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Everything in main except the Electron host is plain Node: core, demo server, doctor, preview.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**', 'src/main/index.ts', ...layered],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // The core decides everything and runs anywhere: no host, no demo server.
    files: ['src/main/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [layer(['demo', 'preview', 'electron', 'doctor'], 'The core imports no host, no demo server and no CLI; they import the core.')] }] },
  },
  {
    // Inside the core, each concern (settings, viewers, tray, connection-test, artwork, client, sync,
    // guide, features) stands on its own: only the composition in core/app wires them together.
    files: ['src/main/core/**/*.ts'],
    ignores: ['src/main/core/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            layer(['demo', 'preview', 'electron', 'doctor'], 'The core imports no host, no demo server and no CLI; they import the core.'),
            { group: ['../app', '../app/**', '../../app/**', './app/**'], message: 'A concern of the core does not import the composition (core/app); core/app imports the concerns.' },
          ],
        },
      ],
    },
  },
  {
    // The demo server is a stand-in for a real Airwave server: it shares nothing with the app's core.
    files: ['src/main/demo/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [layer(['core', 'preview', 'electron', 'doctor'], 'The demo server must not import the app it is testing; shared helpers live in src/main/common.')] }] },
  },
  {
    // The neutral home for what several main-side parts use (clock, disposables): it depends on none of them.
    files: ['src/main/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [layer(['core', 'demo', 'preview', 'electron', 'doctor'], 'src/main/common is imported by the core and the demo alike; it imports neither.')] }] },
  },
  {
    // Shared code is imported by main, preload and renderer alike: no Electron, no Node.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNodeBuiltins] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...noNodeBuiltins],
          patterns: [{ group: ['**/main/**', '**/preload/**'], message: 'The renderer talks to main only through the bridge (src/shared/bridge.ts).' }],
        },
      ],
    },
  },
);
