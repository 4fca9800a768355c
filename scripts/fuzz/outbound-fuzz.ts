/**
 * The outbound cases of the fuzz suite: user-supplied URLs (webhook endpoints, Web Push endpoints)
 * that point at the server's own network, written in every notation — the fixed forms of
 * apps/server/test/outbound.ts plus seeded random internal addresses (loopback, RFC 1918,
 * link-local, CGNAT, unspecified) rendered as dotted, decimal, hex or octal numbers, short forms,
 * per-octet mixes, IPv4-mapped / NAT64 / 6to4 IPv6, with random case, trailing dots, credentials
 * and paths. Every one must be refused with 400 OUTBOUND_URL_NOT_ALLOWED, and the loopback
 * listener the caller started (its port is in the URLs) must receive nothing.
 */
import fc from 'fast-check';
import { internalUrls } from '../../apps/server/test/outbound';
import type { Send } from './openapi-fuzz';

/** Internal IPv4 ranges the generated addresses are drawn from: [first octets, prefix length]. */
const RANGES: [number[], number][] = [
  [[127], 8],
  [[10], 8],
  [[172, 16], 12],
  [[192, 168], 16],
  [[169, 254], 16],
  [[100, 64], 10],
  [[0], 8],
];

/** A random address of one of {@link RANGES}, as a 32-bit unsigned integer. */
const internalV4 = fc.tuple(fc.constantFrom(...RANGES), fc.integer({ min: 0, max: 0xffffffff })).map(([[head, bits], r]) => {
  const base = head.reduce((n, o, i) => n | (o << (24 - 8 * i)), 0) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((base & mask) | (r & ~mask)) >>> 0;
});

const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const hex16 = (n: number) => (n >>> 16).toString(16) + ':' + (n & 0xffff).toString(16);

/** One octet (or number) in decimal, octal (`0…`) or hex (`0x…`). */
const num = (v: number, style: number) => (style === 0 ? String(v) : style === 1 ? `0${v.toString(8)}` : `0x${v.toString(16)}`);

/** Notations of an IPv4 address that the URL parser maps to it (host part of a URL). */
const notation = fc.tuple(internalV4, fc.integer({ min: 0, max: 11 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 })).map(([n, kind, styles]) => {
  const [a, b, c, d] = octets(n);
  switch (kind) {
    case 0: return `${a}.${b}.${c}.${d}`;
    case 1: return String(n);
    case 2: return `0x${n.toString(16)}`;
    case 3: return `0${n.toString(8)}`;
    case 4: return [a, b, c, d].map((o, i) => num(o, styles[i])).join('.');
    case 5: return `${num(a, styles[0])}.${num(b, styles[1])}.${num((c << 8) | d, styles[2])}`;
    case 6: return `${num(a, styles[0])}.${num((b << 16) | (c << 8) | d, styles[1])}`;
    case 7: return `[::ffff:${a}.${b}.${c}.${d}]`;
    case 8: return `[::ffff:${hex16(n)}]`;
    case 9: return `[0:0:0:0:0:ffff:${hex16(n)}]`;
    case 10: return `[64:ff9b::${hex16(n)}]`;
    default: return `[2002:${hex16(n)}::1]`;
  }
});

/** IPv6 addresses of the server's own network (loopback, unspecified, link-local, unique-local). */
const internalV6 = fc.oneof(fc.constant('[::1]'), fc.constant('[::]'), fc.integer({ min: 0, max: 0xffff }).map((x) => `[fe80::${x.toString(16)}]`), fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), fc.integer({ min: 0, max: 0xffff })).map(([p, x]) => `[${p.toString(16)}::${x.toString(16)}]`));

/** A seeded random internal URL on `port` (http or https), with random case, trailing dot, credentials and path. */
function urlArb(port: number, schemes: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...schemes), fc.oneof({ weight: 4, arbitrary: notation }, { weight: 1, arbitrary: internalV6 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.stringMatching(/^[a-z0-9/_-]{0,12}$/))
    .map(([scheme, host, upper, dot, creds, path]) => {
      const h = (upper ? host.toUpperCase() : host) + (dot && !host.startsWith('[') ? '.' : '');
      return `${scheme}://${creds ? 'user:pass@' : ''}${h}:${port}/${path}`;
    });
}

/** What {@link runOutboundFuzz} found. */
export interface OutboundFuzzReport {
  requests: number;
  /** URLs not answered 400 OUTBOUND_URL_NOT_ALLOWED (an accepted one is a hole), with the answer. */
  failures: { url: string; status: number; body: string }[];
  /** Whether push subscriptions were tried (the server has VAPID keys). */
  push: boolean;
}

/**
 * Saves every fixed internal URL form and `generated` seeded random ones as webhook endpoints and,
 * when the server has Web Push on, as push subscriptions (https forms), signed in with `auth`
 * (`Bearer …`); each must answer 400 OUTBOUND_URL_NOT_ALLOWED. `port`: the caller's loopback
 * listener, which must count 0 requests afterwards (the caller checks).
 */
export async function runOutboundFuzz(opts: { send: Send; auth: string; port: number; seed: number; generated: number }): Promise<OutboundFuzzReport> {
  const report: OutboundFuzzReport = { requests: 0, failures: [], push: false };
  const headers = { authorization: opts.auth, 'content-type': 'application/json' };
  const webhookUrls = [...internalUrls(opts.port), ...fc.sample(urlArb(opts.port, ['http', 'https']), { seed: opts.seed, numRuns: opts.generated })];
  const check = async (url: string, path: string, body: unknown) => {
    const res = await opts.send({ op: `POST ${path}`, method: 'POST', path, headers, body: JSON.stringify(body), stream: false });
    report.requests++;
    let code: unknown;
    try {
      code = JSON.parse(res.body)?.error?.code;
    } catch {}
    if (res.status !== 400 || code !== 'OUTBOUND_URL_NOT_ALLOWED') report.failures.push({ url, status: res.status, body: (res.error ?? res.body).slice(0, 200) });
  };
  for (const url of webhookUrls) await check(url, '/api/alerts/webhooks', { url, description: 'fuzz' });
  const config = await opts.send({ op: 'GET /api/alerts/push/config', method: 'GET', path: '/api/alerts/push/config', headers: {}, stream: false });
  report.push = config.status === 200 && JSON.parse(config.body)?.result?.enabled === true;
  if (report.push) {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const pushUrls = [...internalUrls(opts.port).filter((u) => u.startsWith('http://')).map((u) => u.replace('http://', 'https://')), ...fc.sample(urlArb(opts.port, ['https']), { seed: opts.seed + 1, numRuns: opts.generated })];
    for (const endpoint of pushUrls) await check(endpoint, '/api/alerts/push/subscriptions', { endpoint, expirationTime: null, keys });
  }
  return report;
}

/** The report as printed by `npm run fuzz`. */
export function formatOutboundReport(r: OutboundFuzzReport, hits: number): string {
  const lines = [`outbound: ${r.requests} internal URLs saved (${r.push ? 'webhooks and push subscriptions' : 'webhooks; push is off'}), ${r.failures.length} not refused, ${hits} requests reached the loopback listener`];
  for (const f of r.failures.slice(0, 5)) lines.push(`  ${f.status} ← ${f.url}\n      ${f.body.replace(/\n/g, ' ')}`);
  return lines.join('\n');
}
