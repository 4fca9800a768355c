import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertOutboundUrl, classifyAddress, Outbound, OutboundDeniedError, outboundErrorText, parseAllowList, type Resolver } from './outbound';
import { INTERNAL_URL_FORMS } from '../../test/outbound';

const refused = ['127.0.0.1', '127.255.255.254', '::1', '0.0.0.0', '::', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255',
  '169.254.169.254', '169.254.0.1', 'fe80::1', 'fd00::1', 'fc00::1', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.250', 'ff02::1', '255.255.255.255',
  '240.0.0.1', '192.0.2.1', '198.51.100.1', '203.0.113.1', '198.18.0.1', '192.0.0.1',
  // IPv4-mapped, -translated and -compatible IPv6
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:0:127.0.0.1', '::127.0.0.1', '::7f00:1', '::8.8.8.8',
  // NAT64, 6to4 and Teredo forms embedding an internal IPv4 address
  '64:ff9b::7f00:1', '64:ff9b::a00:1', '64:ff9b:1::1.1.1.1', '2002:7f00:1::1', '2002:c0a8:101::1', '2001:0:7f00:1::1', '2001:0:4136:e378:8000:63bf:f5ff:fffe',
  // documentation and other special-purpose IPv6
  '2001:db8::1', '100::1', 'fec0::1',
];
const allowed = ['1.1.1.1', '8.8.8.8', '93.184.215.14', '2606:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:1.1.1.1', '64:ff9b::808:808', '2002:0808:0808::1'];

describe('classifyAddress', () => {
  it.each(refused)('refuses %s', (ip) => {
    expect(classifyAddress(ip).allowed).toBe(false);
  });
  it.each(allowed)('allows the public address %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ allowed: true, range: expect.any(String) });
  });
  it('names the range, and that of the embedded IPv4 address', () => {
    expect(classifyAddress('127.0.0.1').range).toBe('loopback');
    expect(classifyAddress('100.64.0.1').range).toBe('carrierGradeNat');
    expect(classifyAddress('::ffff:10.0.0.1').range).toBe('ipv4Mapped:private');
    expect(classifyAddress('2002:7f00:1::1').range).toBe('6to4:loopback');
    expect(classifyAddress('64:ff9b::a9fe:a9fe').range).toBe('nat64:linkLocal');
    expect(classifyAddress('fd00::1').range).toBe('uniqueLocal');
  });
  it('refuses what is not an IP literal', () => {
    for (const s of ['localhost', '127.1', '0x7f.1', '2130706433', '', 'fe80::1%', '1.2.3.4.5']) expect(classifyAddress(s)).toEqual({ allowed: false, range: 'invalid' });
  });
});

describe('Outbound.precheck: the WHATWG URL parser normalises the host, the result is classified', () => {
  const o = new Outbound();
  it.each(INTERNAL_URL_FORMS.map((f) => f.replace('PORT', '8080')))('refuses %s', (url) => {
    const verdict = (() => {
      try {
        return o.precheck(url).literal ? 'allowed literal' : 'name';
      } catch (e) {
        return e instanceof OutboundDeniedError ? 'denied' : String(e);
      }
    })();
    // `localhost` is a name: refused once resolved (below); every IP form is refused without DNS.
    expect(verdict).toBe(url.toLowerCase().includes('localhost') ? 'name' : 'denied');
  });
  it('allows only http and https', () => {
    for (const u of ['ftp://1.1.1.1/', 'file:///etc/passwd', 'gopher://1.1.1.1/', 'data:text/plain,x', 'ws://1.1.1.1/', 'not a url']) expect(() => o.precheck(u)).toThrow(OutboundDeniedError);
    expect(o.precheck('https://1.1.1.1/hook').literal).toBe(true);
    expect(o.precheck('http://[2606:4700::1111]:8080/x').host).toBe('2606:4700::1111');
  });
  it('judges the host, not credentials that look like one', () => {
    expect(() => o.precheck('http://1.1.1.1@127.0.0.1/')).toThrow(OutboundDeniedError);
    expect(o.precheck('http://127.0.0.1:80@1.1.1.1/').host).toBe('1.1.1.1');
  });
});

/** A resolver answering from a table (no DNS), counting the lookups. */
function table(map: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const r = (async (host: string) => {
    calls.push(host);
    const a = map[host];
    if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as Resolver & { calls: string[] };
  r.calls = calls;
  return r;
}

describe('Outbound.check (save time) resolves host names', () => {
  const resolve = table({ 'hooks.example.com': ['93.184.215.14'], 'evil.example.com': ['93.184.215.14', '10.0.0.5'], 'meta.example.com': ['169.254.169.254'], localhost: ['127.0.0.1', '::1'], 'nas.lan': ['192.168.1.20'] });
  const o = new Outbound({ resolve });
  it('allows a host whose every address is public', async () => {
    await expect(o.check('https://hooks.example.com/x')).resolves.toBeInstanceOf(URL);
  });
  it('refuses a host when any address is internal, localhost included', async () => {
    for (const u of ['https://evil.example.com/', 'http://meta.example.com/latest', 'http://localhost:8080/', 'http://LOCALHOST./']) await expect(o.check(u)).rejects.toBeInstanceOf(OutboundDeniedError);
  });
  it('answers OUTBOUND_HOST_UNRESOLVED / OUTBOUND_URL_NOT_ALLOWED naming the field, without the address', async () => {
    const e1 = await assertOutboundUrl(o, 'https://nowhere.example.com/', 'body.url').catch((e) => e);
    expect(e1).toBeInstanceOf(AppError);
    expect(e1).toMatchObject({ code: 'OUTBOUND_HOST_UNRESOLVED', status: 400, details: { field: 'body.url' }, fields: [{ path: 'body.url' }] });
    const e2 = await assertOutboundUrl(o, 'http://meta.example.com/', 'body.endpoint').catch((e) => e);
    expect(e2).toMatchObject({ code: 'OUTBOUND_URL_NOT_ALLOWED', status: 400, details: { field: 'body.endpoint' } });
    expect(JSON.stringify({ m: e2.message, f: e2.fields, d: e2.details })).not.toMatch(/169\.254|meta\.example/);
  });
  it('gives up on a resolver that does not answer', async () => {
    const slow = new Outbound({ resolve: () => new Promise(() => undefined), resolveTimeoutMs: 50 });
    await expect(assertOutboundUrl(slow, 'https://slow.example.com/', 'body.url')).rejects.toMatchObject({ code: 'OUTBOUND_HOST_UNRESOLVED' });
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('parses host names, addresses and CIDR ranges, and reports the rest', () => {
    const l = parseAllowList(' hooks.lan, 192.168.1.20 ,10.0.0.0/8, fd00::/8,[::1], , bad host, 300.1.1.1/8, -x ');
    expect([...l.hosts]).toEqual(['hooks.lan']);
    expect(l.ranges.map(([a, b]) => `${a.toString()}/${b}`)).toEqual(['192.168.1.20/32', '10.0.0.0/8', 'fd00::/8', '::1/128']);
    expect(l.invalid).toEqual(['bad host', '300.1.1.1/8', '-x']);
  });
  it('allows exactly what it names', async () => {
    const o = new Outbound({ allow: 'nas.lan,10.1.0.0/16,127.0.0.1', resolve: table({ 'nas.lan': ['192.168.1.20'], 'other.lan': ['192.168.1.21'] }) });
    await expect(o.check('http://nas.lan:8123/hook')).resolves.toBeInstanceOf(URL);
    await expect(o.check('http://other.lan/hook')).rejects.toBeInstanceOf(OutboundDeniedError);
    expect(o.precheck('http://10.1.2.3/').literal).toBe(true);
    expect(o.precheck('http://[::ffff:10.1.2.3]/').literal).toBe(true);
    expect(() => o.precheck('http://10.2.0.1/')).toThrow(OutboundDeniedError);
    expect(o.precheck('http://127.0.0.1:9/').literal).toBe(true);
    expect(() => o.precheck('http://127.0.0.2/')).toThrow(OutboundDeniedError);
    expect(() => o.precheck('http://[::1]/')).toThrow(OutboundDeniedError);
  });
});

describe('Outbound.lookup and post (send time)', () => {
  it('refuses a name that resolves to an internal address, and connects to the address it checked', async () => {
    let hits = 0;
    const server = http.createServer((_q, s) => {
      hits++;
      s.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      // A name that answered a public address when saved and a loopback one now (DNS rebinding).
      const strict = new Outbound({ resolve: table({ 'rebind.example.com': ['127.0.0.1'] }) });
      const e = await strict.post(`http://rebind.example.com:${port}/hook`, {}, '{}', 2000).catch((x) => x);
      expect(e).toBeInstanceOf(OutboundDeniedError);
      expect(outboundErrorText(e)).toBe('destination not allowed');
      await expect(strict.post(`http://127.1:${port}/`, {}, '{}', 2000)).rejects.toBeInstanceOf(OutboundDeniedError);
      await expect(strict.post(`http://[::ffff:7f00:1]:${port}/`, {}, '{}', 2000)).rejects.toBeInstanceOf(OutboundDeniedError);
      expect(hits).toBe(0);
      // Allowed by name: the request goes to the address the lookup returned.
      const lan = new Outbound({ allow: 'receiver.lan', resolve: table({ 'receiver.lan': ['127.0.0.1'] }) });
      expect(await lan.post(`http://receiver.lan:${port}/hook`, {}, '{}', 2000)).toEqual({ status: 200 });
      expect(hits).toBe(1);
      strict.close();
      lan.close();
    } finally {
      server.close();
    }
  });
  it('answers every lookup form node:net asks for (one address or all)', async () => {
    const o = new Outbound({ resolve: table({ 'a.example.com': ['93.184.215.14', '2606:4700::1111'] }) });
    const one = await new Promise((r) => o.lookup('a.example.com', {}, (err, address, family) => r({ err, address, family })));
    expect(one).toEqual({ err: null, address: '93.184.215.14', family: 4 });
    const all = await new Promise((r) => o.lookup('a.example.com', { all: true }, (err, address) => r({ err, address })));
    expect(all).toEqual({ err: null, address: [{ address: '93.184.215.14', family: 4 }, { address: '2606:4700::1111', family: 6 }] });
  });
});

describe('outboundErrorText: a generic reason, never an address or port', () => {
  const err = (code: string, message: string) => Object.assign(new Error(message), { code });
  it.each([
    [new OutboundDeniedError('loopback'), 'destination not allowed'],
    [err('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'), 'connection failed'],
    [err('ECONNRESET', 'read ECONNRESET'), 'connection failed'],
    [err('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.1:80'), 'connection failed'],
    [err('ENOTFOUND', 'getaddrinfo ENOTFOUND internal.corp'), 'host not found'],
    [new Error('timeout after 10000 ms'), 'timeout'],
    [new Error('Socket timeout'), 'timeout'],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), 'TLS error'],
    [Object.assign(new TypeError('fetch failed'), { cause: err('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432') }), 'connection failed'],
    [new Error('something odd at 10.1.2.3:6379'), 'request failed'],
  ])('%s → %s', (e, text) => {
    expect(outboundErrorText(e)).toBe(text);
  });
});
