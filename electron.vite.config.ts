import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'electron-vite';

// Main and preload: `dependencies` stay external (electron-vite's default), everything else is bundled.
// The preload runs in a sandboxed renderer, where Electron only loads CommonJS and only `electron`
// may be required, so it is emitted as a single .cjs file.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [preact()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
