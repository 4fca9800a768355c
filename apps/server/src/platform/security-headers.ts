import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from './env';

/**
 * SHA-256 (base64) of the one inline `<style>` the SPA creates at run time: the attribution-logo
 * rule lightweight-charts 5 adds to every chart (`layout.attributionLogo`, on by default and kept,
 * as its licence asks). Allowed by hash, so no other inline style can apply. e2e/csp.spec.ts fails
 * when a new chart version changes the rule.
 */
export const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/**
 * SHA-256 of the one inline `<style>` the Swagger UI bundle (@fastify/swagger-ui 5) injects at run
 * time; its own static CSP has no hash for it. e2e/csp.spec.ts fails when a new version changes it.
 */
export const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** True when the deployment is served over HTTPS (PUBLIC_ORIGIN is `https://…`). */
export function servedOverHttps(env: Pick<Env, 'PUBLIC_ORIGIN'>): boolean {
  return env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
}

/**
 * The Content-Security-Policy directives of the app (helmet's `directives` shape: name → sources).
 * Only the app's own origin may run scripts, load styles, fonts and images, and be connected to
 * (API, SSE); `data:`/`blob:` images for QR codes and share cards. No inline script at all (the
 * theme bootstrap is `/boot.js`, which also turns off Zod's `new Function` probe), no plugins, no `<base>` hijack, forms post to the app
 * only, and no site may frame the app (`frame-ancestors 'none'`, clickjacking). The Telegram
 * Login Widget (script from telegram.org, iframe from oauth.telegram.org) is allowed only when
 * configured (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME). Wallets inject their EIP-1193 provider
 * from the extension, which the page's CSP does not govern.
 */
export function contentSecurityPolicy(env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>): Record<string, string[]> {
  const telegram = !!(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_BOT_NAME);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...(telegram ? ['https://telegram.org'] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", CHART_ATTRIBUTION_STYLE_HASH],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': telegram ? ['https://oauth.telegram.org'] : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    ...(servedOverHttps(env) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The app's Content-Security-Policy header value with the hashes of a page's inline stylesheet and
 * script allowed (`'sha256-…'` sources: the first-content pages, platform/first-content.ts); every
 * other inline style or script stays blocked.
 */
export function contentSecurityPolicyHeader(env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>, inline: { style: string; script: string }): string {
  const d = contentSecurityPolicy(env);
  d['style-src'] = [...d['style-src'], inline.style];
  d['script-src'] = [...d['script-src'], inline.script];
  return Object.entries(d)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** Helmet's options of the app: the CSP above, frame denial, no referrer, HSTS only over HTTPS. */
export function helmetOptions(env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>): HelmetOptions {
  const https = servedOverHttps(env);
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet writes for `options`, as [name, value] pairs in helmet's order, and the
 * headers it removes (`X-Powered-By`). Helmet is run once against a recording response: every
 * value here is static (no per-request nonce or directive function), so what it writes is the
 * same for every request.
 */
export function helmetHeaderSet(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return res;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return { set, remove };
}

/**
 * The headers of API answers (JSON, server-sent events, redirects under `/api/`, except the Swagger
 * UI under `/api/docs`), after the OWASP REST Security Cheat Sheet: a CSP that loads nothing and may
 * not be framed (`default-src 'none';frame-ancestors 'none'`), `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, `Cross-Origin-Resource-Policy:
 * same-origin` and, over HTTPS, the same `Strict-Transport-Security` as the documents. The headers
 * that only govern documents (the page CSP's sources, COOP, Origin-Agent-Cluster, DNS prefetch,
 * X-XSS-Protection, IE's download and Flash policies) are left out: ~700 bytes and seven header
 * lines less on every API answer (decision 090). Names lower case, as Fastify keeps them.
 */
export function apiHeaderSet(env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>): Record<string, string> {
  // HSTS exactly as helmet writes it for the documents (one setting: helmetOptions).
  const hsts = helmetHeaderSet(helmetOptions(env)).set.find(([k]) => k.toLowerCase() === 'strict-transport-security');
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': hsts[1] } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** True for request URLs whose answers carry {@link apiHeaderSet}: under `/api/`, not the Swagger UI (`/api/docs…`). */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers on every answer (helmet) for documents and files: the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY` (older browsers),
 * Cross-Origin-Opener-Policy, and `Strict-Transport-Security` (180 days, subdomains) only when
 * PUBLIC_ORIGIN is https; API answers get the shorter {@link apiHeaderSet}. The Swagger UI under /api/docs keeps its own CSP (@fastify/swagger-ui
 * `staticCSP`: its hashes of any inline code, https styles and fonts; see `swaggerUiCsp`).
 * The header set is computed once by helmet at start ({@link helmetHeaderSet}) and written by one
 * synchronous onRequest hook on the reply (what @fastify/helmet does, without building helmet's
 * middleware twice per request). A hijacked response writes `reply.getHeaders()` itself. Register before the routes.
 */
export async function installSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>): Promise<void> {
  const { set, remove } = helmetHeaderSet(helmetOptions(env));
  // Set on the reply (Fastify writes them with its own in one writeHead), not one by one on the raw
  // response: Node validates each `setHeader` name and value with regular expressions, ~12 per
  // request, which cost a bare Fastify about a quarter of its throughput on small JSON bodies.
  // Responses that take over the raw stream (server-sent events, platform/sse.ts) copy them.
  const headers: Record<string, string> = Object.fromEntries(set.map(([k, v]) => [k.toLowerCase(), v]));
  const api = apiHeaderSet(env);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiUrl(req.url) ? api : headers);
    if (remove.length) for (let i = 0; i < remove.length; i++) reply.raw.removeHeader(remove[i]);
    done();
  });
}

/**
 * The Swagger UI's own CSP (@fastify/swagger-ui `transformStaticCSP`): its hashes of inline code
 * kept plus the hash of the style its bundle injects, framing refused like the app, and `upgrade-insecure-requests` only over HTTPS.
 */
export function swaggerUiCsp(env: Pick<Env, 'PUBLIC_ORIGIN'>): (header: string) => string {
  const https = servedOverHttps(env);
  return (header) => {
    let h = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/style-src 'self'/, `style-src 'self' ${SWAGGER_UI_STYLE_HASH}`);
    if (!https) h = h.replace(/\s*upgrade-insecure-requests;?/, '');
    return h;
  };
}
