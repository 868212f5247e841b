/// <reference types="electron-vite/node" />

declare namespace NodeJS {
  interface ProcessEnv {
    /** set by `electron-vite dev`: the renderer's dev server */
    readonly ELECTRON_RENDERER_URL?: string;
  }
}
