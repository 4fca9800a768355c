import { z } from 'zod';

/**
 * Zod 4 probes whether it may compile validators with `new Function` (its JIT) on the first parse;
 * under the app's Content-Security-Policy (no 'unsafe-eval') that probe is a CSP violation. Turning
 * the JIT off skips the probe; validation is the same. Imported first by main.tsx, before any parse.
 */
z.config({ jitless: true });
