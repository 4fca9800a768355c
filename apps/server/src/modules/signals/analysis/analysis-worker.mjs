/**
 * Worker-thread bootstrap of the analysis thread (analysis-thread.ts): loads the TypeScript worker
 * (analysis-worker.ts) through tsx, the loader the server itself runs with.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./analysis-worker.ts', import.meta.url);
