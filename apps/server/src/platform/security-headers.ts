import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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
 * Security headers on every answer (@fastify/helmet): the CSP above, `X-Content-Type-Options:
 * nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY` (older browsers),
 * Cross-Origin-Opener-Policy, and `Strict-Transport-Security` (180 days, subdomains) only when
 * PUBLIC_ORIGIN is https. The Swagger UI under /api/docs keeps its own CSP (@fastify/swagger-ui
 * `staticCSP`: its hashes of any inline code, https styles and fonts; see `swaggerUiCsp`). Register before the routes.
 */
export async function installSecurityHeaders(app: FastifyInstance, env: Pick<Env, 'PUBLIC_ORIGIN' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'>): Promise<void> {
  const https = servedOverHttps(env);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
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
