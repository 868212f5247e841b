import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { precompiledMessages } from './scripts/vite-i18n';

// Main and preload: `dependencies` stay external (electron-vite's default), everything else is bundled.
// The preload runs in a sandboxed renderer, where Electron only loads CommonJS and only `electron`
// may be required, so it is emitted as a single .cjs file.
/**
 * `npm run dev` only: Vite's dev server injects the stylesheets as inline <style> elements, which
 * the page's strict CSP refuses; the served page allows inline styles. Builds are untouched.
 */
function devStylesAllowance(): Plugin {
  return {
    name: 'airwave-dev-csp-styles',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

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
    // the catalogue's messages compiled ahead of time: no message compiler in the popover (scripts/vite-i18n.ts)
    plugins: [preact(), devStylesAllowance(), precompiledMessages()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // the compiled catalogues' tiny runtime (messageformat's, with CLDR plural rules) under a name of its own
        output: { manualChunks: (id: string) => (/[\\/](@messageformat[\\/]runtime|make-plural)[\\/]/.test(id) ? 'message-runtime' : undefined) },
      },
    },
  },
});
