/// <reference types="vite/client" />

/** Package version of @coinlens/web, injected at build time. */
declare const __APP_VERSION__: string;
