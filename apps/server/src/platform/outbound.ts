import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors';

/**
 * Outbound requests to user-supplied URLs (alert webhooks, Web Push endpoints) go through this
 * module so that a signed-in user cannot make the server talk to its own network (SSRF). An
 * address is allowed only when it is globally routable unicast; loopback, private, link-local,
 * CGNAT, multicast, unspecified, broadcast, reserved and documentation ranges are refused, and so
 * are IPv6 forms that carry such an IPv4 address (IPv4-mapped, IPv4-translated, NAT64, 6to4,
 * Teredo). Host names are normalised by the WHATWG URL parser (`http://2130706433/`,
 * `http://0x7f.1/` and `http://127.1/` all become `127.0.0.1`) and the result is classified.
 *
 * Checked twice: when a URL is saved ({@link Outbound.check}: a host name is resolved and every
 * address must be allowed), and when a request is sent (the agents' `lookup` resolves, refuses if
 * any address is forbidden and connects to the address it checked, so a DNS answer that changes
 * between the check and the connection cannot slip through). The operator may allow named hosts,
 * addresses or ranges on a private network (env OUTBOUND_ALLOW_HOSTS).
 */

/** Verdict on one IP address: `range` is ipaddr.js's range name, prefixed by the IPv6 form that embeds an IPv4 address (`ipv4Mapped:loopback`). */
export interface AddressVerdict {
  allowed: boolean;
  range: string;
}

const v4Of = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

function classifyV4(a: ipaddr.IPv4): AddressVerdict {
  const range = a.range();
  return { allowed: range === 'unicast', range };
}

function embedded(form: string, v4: ipaddr.IPv4): AddressVerdict {
  const r = classifyV4(v4);
  return { allowed: r.allowed, range: `${form}:${r.range}` };
}

function classifyV6(a: ipaddr.IPv6): AddressVerdict {
  const p = a.parts;
  const zero = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated, RFC 6145): the IPv4 address decides.
  if (zero(0, 5) && p[5] === 0xffff) return embedded('ipv4Mapped', v4Of(p[6], p[7]));
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return embedded('ipv4Translated', v4Of(p[6], p[7]));
  // ::/96: the unspecified address, ::1, and the deprecated IPv4-compatible form ::a.b.c.d (RFC 4291
  // §2.5.5.1), refused whatever it embeds: nothing public is reached that way.
  if (zero(0, 6)) return { allowed: false, range: zero(6, 7) && p[7] <= 1 ? (p[7] === 0 ? 'unspecified' : 'loopback') : `ipv4Compatible:${classifyV4(v4Of(p[6], p[7])).range}` };
  // NAT64 (RFC 6052 well-known prefix 64:ff9b::/96): the IPv4 address decides; the local-use prefix 64:ff9b:1::/48 (RFC 8215) is the operator's own network.
  if (p[0] === 0x64 && p[1] === 0xff9b) return zero(2, 6) ? embedded('nat64', v4Of(p[6], p[7])) : { allowed: false, range: 'nat64LocalUse' };
  // 6to4 (2002::/16): the IPv4 address of the relay site is in bits 16–47.
  if (p[0] === 0x2002) return embedded('6to4', v4Of(p[1], p[2]));
  // Teredo (2001:0::/32): the server's IPv4 address in bits 32–63, the client's (inverted) in the last 32 bits.
  if (p[0] === 0x2001 && p[1] === 0) {
    const server = classifyV4(v4Of(p[2], p[3]));
    const client = classifyV4(v4Of(~p[6] & 0xffff, ~p[7] & 0xffff));
    return { allowed: server.allowed && client.allowed, range: `teredo:${server.allowed ? client.range : server.range}` };
  }
  const range = a.range();
  return { allowed: range === 'unicast', range };
}

/**
 * Classifies an IP address literal (`'10.0.0.1'`, `'::ffff:7f00:1'`; no brackets, no port) with
 * ipaddr.js: allowed only for global unicast. IPv6 forms embedding an IPv4 address are judged by
 * that address (IPv4-compatible ones are always refused). Anything that is not an IP literal
 * (`net.isIP` = 0) is `{allowed: false, range: 'invalid'}`. Never throws.
 */
export function classifyAddress(ip: string): AddressVerdict {
  const kind = net.isIP(ip);
  if (!kind) return { allowed: false, range: 'invalid' };
  try {
    // An IPv6 literal with a dotted tail is put in canonical hex form by Node's URL parser first:
    // ipaddr.js reads `::a.b.c.d` (IPv4-compatible) as if it were `::ffff:a.b.c.d` (IPv4-mapped).
    const text = kind === 6 && ip.includes('.') ? new URL(`http://[${ip.split('%')[0]}]/`).hostname.slice(1, -1) : ip;
    const a = ipaddr.parse(text);
    return a.kind() === 'ipv4' ? classifyV4(a as ipaddr.IPv4) : classifyV6(a as ipaddr.IPv6);
  } catch {
    return { allowed: false, range: 'invalid' };
  }
}

/** Host names, addresses and CIDR ranges the operator allows despite being internal (OUTBOUND_ALLOW_HOSTS). */
export interface AllowList {
  /** Lower-case host names without a trailing dot; any address they resolve to is allowed. */
  hosts: Set<string>;
  /** Address ranges (a single address is a /32 or /128). */
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as compared: lower case, brackets of an IPv6 literal and a trailing dot removed. */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/**
 * Parses OUTBOUND_ALLOW_HOSTS: a comma-separated list of host names (`hooks.lan`), IP addresses
 * (`192.168.1.20`, `fd00::5`) and CIDR ranges (`10.0.0.0/8`); blanks ignored. Returns the list and
 * the entries that are none of these (`invalid`, for the env check).
 */
export function parseAllowList(raw: string | undefined): AllowList & { invalid: string[] } {
  const out: AllowList & { invalid: string[] } = { hosts: new Set(), ranges: [], invalid: [] };
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const e = normaliseHost(entry);
    try {
      if (e.includes('/')) out.ranges.push(ipaddr.parseCIDR(e));
      else if (net.isIP(e)) {
        const a = ipaddr.parse(e);
        out.ranges.push([a, a.kind() === 'ipv4' ? 32 : 128]);
      } else if (HOST_NAME.test(e)) out.hosts.add(e);
      else out.invalid.push(entry);
    } catch {
      out.invalid.push(entry);
    }
  }
  return out;
}

/** Whether `ip` lies in one of the allowed ranges (an IPv4-mapped IPv6 address also matches IPv4 ranges). */
function inRanges(ranges: AllowList['ranges'], ip: string): boolean {
  if (!ranges.length || !net.isIP(ip)) return false;
  const a = ipaddr.parse(ip);
  const forms = [a, ...(a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? [(a as ipaddr.IPv6).toIPv4Address()] : [])];
  return ranges.some(([net, bits]) => forms.some((f) => f.kind() === net.kind() && f.match(net, bits)));
}

/** A request refused because its destination is internal (or not http/https): sent nowhere. */
export class OutboundDeniedError extends Error {
  readonly code = 'EOUTBOUNDDENIED';
  constructor(
    /** Why, for the server's own reasoning (`loopback`, `ipv4Mapped:private`, `scheme`…); never shown to users. */
    readonly reason: string,
  ) {
    super('destination not allowed');
  }
}

/** A host name that did not resolve (or not within the time limit) when a URL was checked. */
export class OutboundUnresolvedError extends Error {
  readonly code = 'EOUTBOUNDUNRESOLVED';
  constructor() {
    super('host not found');
  }
}

/** Resolves a host name to every address (as `dns.lookup` with `all: true`). */
export type Resolver = (host: string, family?: 4 | 6) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host, family) => dns.promises.lookup(host, { all: true, ...(family ? { family } : {}) });

/**
 * What one outbound POST answered: the HTTP status (the body is read and dropped).
 */
export interface PostResult {
  status: number;
}

/** What one outbound GET answered: status, headers (lower-case names, as node:http gives them) and the body text. */
export interface GetResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends one POST. `url`: http(s) URL; `headers`: request headers; `body`: UTF-8 text; `timeoutMs`:
 * whole-request limit (ms) — connect, send and the answer's headers and body. Resolves with the
 * status of any answer (redirects are not followed: a 3xx is an answer like any other); rejects on
 * a refused destination ({@link OutboundDeniedError}), a network error or the timeout
 * (`Error('timeout after N ms')`).
 */
export type OutboundPost = (url: string, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<PostResult>;

/**
 * The guarded outbound client of a process: the policy (internal addresses refused, the operator's
 * allow list), the save-time check, and keep-alive connection pools (one per protocol) whose
 * `lookup` applies the policy to every connection. Idle sockets close after 4 s (most servers close
 * theirs after 5 s; closing first avoids sending on a socket the receiver is closing).
 */
export class Outbound {
  readonly allow: AllowList;
  private readonly resolver: Resolver;
  private readonly resolveTimeoutMs: number;
  /** Keep-alive pools whose connections go only to checked addresses; `ca` (tests) adds trusted certificates to the https one. */
  readonly agents: { 'http:': http.Agent; 'https:': https.Agent };

  constructor(o: { allow?: string; resolve?: Resolver; resolveTimeoutMs?: number; ca?: string | Buffer } = {}) {
    this.allow = parseAllowList(o.allow);
    this.resolver = o.resolve ?? systemResolver;
    this.resolveTimeoutMs = o.resolveTimeoutMs ?? 5000;
    const pool = { keepAlive: true, keepAliveMsecs: 1000, maxSockets: 128, maxFreeSockets: 128, timeout: 4000, lookup: this.lookup };
    this.agents = { 'http:': new http.Agent(pool), 'https:': new https.Agent({ ...pool, ...(o.ca ? { ca: o.ca } : {}) }) };
  }

  /** Whether a connection to `ip` for a URL naming `host` is allowed: a public address, an allowed host name, or an allowed range. */
  permits(host: string, ip: string): boolean {
    return classifyAddress(ip).allowed || this.allow.hosts.has(normaliseHost(host)) || inRanges(this.allow.ranges, ip);
  }

  /**
   * The checks that need no DNS: `url` parses, is `http:` or `https:`, and, when its host is an IP
   * literal (after the URL parser's normalisation), that address is allowed. Returns the parsed
   * URL and whether its host is a name still to resolve. Throws {@link OutboundDeniedError}.
   * Credentials in the URL (`https://user:pass@host/`) are allowed: they become a Basic
   * `Authorization` header and do not change where the request goes.
   */
  precheck(url: string | URL): { url: URL; host: string; literal: boolean } {
    let u: URL;
    try {
      u = typeof url === 'string' ? new URL(url) : url;
    } catch {
      throw new OutboundDeniedError('invalid URL');
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundDeniedError('scheme');
    const host = normaliseHost(u.hostname);
    if (!host) throw new OutboundDeniedError('no host');
    const literal = net.isIP(host) !== 0;
    if (literal && !this.permits(host, host)) throw new OutboundDeniedError(classifyAddress(host).range);
    return { url: u, host, literal };
  }

  /**
   * The save-time check: {@link precheck}, then a host name is resolved (within 5 s) and refused
   * when any of its addresses is internal (unless the operator allows it). Resolves to the parsed
   * URL; rejects with {@link OutboundDeniedError} or {@link OutboundUnresolvedError}.
   */
  async check(url: string): Promise<URL> {
    const { url: u, host, literal } = this.precheck(url);
    if (literal || this.allow.hosts.has(host)) return u;
    const addrs = await this.resolve(host).catch(() => [] as { address: string; family: number }[]);
    if (!addrs.length) throw new OutboundUnresolvedError();
    const bad = addrs.find((a) => !this.permits(host, a.address));
    if (bad) throw new OutboundDeniedError(classifyAddress(bad.address).range);
    return u;
  }

  private resolve(host: string, family?: 4 | 6): Promise<{ address: string; family: number }[]> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`lookup of ${host} timed out`), { code: 'EAI_AGAIN' })), this.resolveTimeoutMs);
    });
    return Promise.race([this.resolver(host, family), limit]).finally(() => clearTimeout(timer));
  }

  /**
   * A `lookup` for node:net (the agents' option): resolves `hostname`, fails with
   * {@link OutboundDeniedError} when any address is not allowed, else answers with the addresses
   * it checked (all of them when `options.all`, else the first), which are the ones connected to.
   */
  readonly lookup = (hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void): void => {
    const host = normaliseHost(hostname);
    const family = options?.family === 4 || options?.family === 6 ? options.family : undefined;
    const fail = (e: NodeJS.ErrnoException) => callback(e, options?.all ? [] : '', undefined);
    this.resolve(host, family).then(
      (addrs) => {
        if (!addrs.length) return fail(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
        const bad = addrs.find((a) => !this.permits(host, a.address));
        if (bad) return fail(new OutboundDeniedError(classifyAddress(bad.address).range));
        if (options?.all) callback(null, addrs.map((a) => ({ address: a.address, family: a.family })));
        else callback(null, addrs[0].address, addrs[0].family);
      },
      (e: NodeJS.ErrnoException) => fail(e),
    );
  };

  /**
   * An {@link OutboundPost} over node:http(s) with this client's keep-alive pools (chosen over the
   * global `fetch` for the alerts outbox: a burst of 1,000 deliveries spends about a third of the
   * CPU per request; bench:alerts). IP literals are checked before sending (node:net does not call
   * `lookup` for them), host names by the pools' `lookup`.
   */
  readonly post: OutboundPost = (url, headers, body, timeoutMs) => {
    const payload = Buffer.from(body, 'utf8');
    return this.send('POST', url, { ...headers, 'content-length': String(payload.length) }, payload, timeoutMs, null).then((r) => ({ status: r.status }));
  };

  /**
   * Sends one GET through the same guarded pools (news feeds): `headers` are sent as given
   * (e.g. `if-none-match`, `if-modified-since`); the body is read up to `maxBytes` (default 5 MB; a
   * longer answer rejects with `Error('answer larger than N bytes')`). Resolves with the status,
   * the answer's headers (lower-case names) and the body as UTF-8 text for any status (a 304 has
   * an empty body; redirects are not followed). Rejects on a refused destination
   * ({@link OutboundDeniedError}), a network error or the whole-request `timeoutMs`.
   */
  readonly get = (url: string, headers: Record<string, string>, timeoutMs: number, maxBytes = 5 * 1024 * 1024): Promise<GetResult> => this.send('GET', url, headers, null, timeoutMs, maxBytes);

  /**
   * One request of {@link post} or {@link get}: the destination checked first, the answer read to
   * its end (kept up to `maxBytes`; with `maxBytes` null, drained and dropped), the timer over the
   * whole request.
   */
  private send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload: Buffer | null, timeoutMs: number, maxBytes: number | null): Promise<GetResult> {
    return new Promise<GetResult>((resolve, reject) => {
      let u: URL;
      try {
        u = this.precheck(url).url;
      } catch (e) {
        return reject(e);
      }
      const mod = u.protocol === 'https:' ? https : http;
      const req = mod.request(u, { method, agent: this.agents[u.protocol as 'http:' | 'https:'], headers }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (maxBytes === null) return;
          size += c.length;
          if (size > maxBytes) req.destroy(new Error(`answer larger than ${maxBytes} bytes`));
          else chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      });
      const timer = setTimeout(() => req.destroy(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      if (payload) req.end(payload);
      else req.end();
    });
  }

  /** Closes the pools' idle sockets. */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}

/** A process-wide client with no allow list: the default where no configured one is passed. */
let strict: Outbound | null = null;
/** The shared strict {@link Outbound} (internal destinations refused, no exceptions). */
export function strictOutbound(): Outbound {
  return (strict ??= new Outbound());
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EPIPE', 'EADDRNOTAVAIL', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_FAIL', 'EAI_NONAME', 'EOUTBOUNDUNRESOLVED']);

/**
 * The reason of a failed outbound request as stored in a delivery log and written to server logs:
 * one of `destination not allowed`, `host not found`, `timeout`, `connection failed`,
 * `TLS error`, `request failed` — never an address, port or the library's message (which would
 * tell a user what listens on the server's network). Follows `cause` (undici's `fetch failed`).
 */
export function outboundErrorText(e: unknown, depth = 0): string {
  if (e instanceof OutboundDeniedError) return 'destination not allowed';
  if (e instanceof OutboundUnresolvedError) return 'host not found';
  const err = (e ?? {}) as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : '';
  if (code === 'EOUTBOUNDDENIED') return 'destination not allowed';
  if (DNS_CODES.has(code)) return 'host not found';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || err.name === 'TimeoutError' || /timeout|timed out/i.test(message)) return 'timeout';
  if (CONNECTION_CODES.has(code) || /socket hang up/i.test(message)) return 'connection failed';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'TLS error';
  if (err.cause && depth < 3) return outboundErrorText(err.cause, depth + 1);
  return 'request failed';
}

/**
 * The save-time check of a user-supplied URL as an API error: resolves when `outbound` allows it;
 * throws AppError 400 OUTBOUND_URL_NOT_ALLOWED (an internal destination or a scheme other than
 * http/https) or 400 OUTBOUND_HOST_UNRESOLVED (the host name does not resolve), naming `field`
 * (`body.url`) in `fields` and `details.field`. The message never carries the resolved address.
 */
export async function assertOutboundUrl(outbound: Outbound, url: string, field: string): Promise<void> {
  try {
    await outbound.check(url);
  } catch (e) {
    if (e instanceof OutboundUnresolvedError) throw new AppError('OUTBOUND_HOST_UNRESOLVED', 'The host name of this URL could not be resolved', { fields: [{ path: field, message: 'host not found' }], details: { field } });
    if (e instanceof OutboundDeniedError) throw new AppError('OUTBOUND_URL_NOT_ALLOWED', 'This URL points to a private or internal network address, which this server does not send to', { fields: [{ path: field, message: 'destination not allowed' }], details: { field } });
    throw e;
  }
}
