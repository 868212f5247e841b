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
    ignores: ['src/main/electron/**', 'src/main/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // Shared code is imported by main, preload and renderer alike: no Electron, no Node.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNodeBuiltins] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNodeBuiltins] }] },
  },
);
