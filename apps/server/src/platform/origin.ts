import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Env } from './env';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether `hostname` (no port; IPv6 with or without brackets) is the local machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.trim().toLowerCase().replace(/\.$/, '');
  return LOOPBACK_NAMES.has(h) || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/**
 * The origin (`scheme://host[:port]`) that SIWE messages and OAuth redirect URIs name: PUBLIC_ORIGIN
 * when set. Without it, the request's own origin only when its Host is a loopback name (a local
 * install: localhost, 127.0.0.1, [::1]); any other Host (a phishing domain pointed at this server, a
 * forged X-Forwarded-Host) is refused with 403 PUBLIC_ORIGIN_REQUIRED, since nothing proves it is ours.
 */
export function trustedOrigin(req: FastifyRequest, env: Pick<Env, 'PUBLIC_ORIGIN'>): string {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin;
  let url: URL | null;
  try {
    url = new URL(`${req.protocol}://${req.host}`);
  } catch {
    url = null;
  }
  if (!url || !isLoopbackHost(url.hostname) || url.username || url.password || url.pathname !== '/') {
    throw new AppError('PUBLIC_ORIGIN_REQUIRED', 'Wallet and OAuth sign-in outside localhost need PUBLIC_ORIGIN on the server');
  }
  return url.origin;
}

/**
 * The start-up warning when the server listens beyond loopback (`HOST`) without PUBLIC_ORIGIN:
 * SIWE and OAuth sign-in are then refused for every non-loopback Host. Null when nothing to say.
 */
export function publicOriginWarning(env: Pick<Env, 'PUBLIC_ORIGIN' | 'HOST'>): string | null {
  if (env.PUBLIC_ORIGIN) return null;
  const host = env.HOST.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host)) return null;
  return `HOST=${env.HOST} listens beyond this machine but PUBLIC_ORIGIN is not set: MetaMask (SIWE) and Google/X (OAuth) sign-in are refused except on localhost. Set PUBLIC_ORIGIN to the public URL, e.g. PUBLIC_ORIGIN=https://coinlens.example`;
}
