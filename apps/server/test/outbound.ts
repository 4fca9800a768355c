import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * URLs that reach the loopback, link-local or private network in every notation a user may try:
 * `PORT` is replaced by a port (a listener of the test, so a request that got through is counted).
 * The WHATWG URL parser turns the decimal, octal, hex and short IPv4 forms into `127.0.0.1`;
 * `localhost` is a name (refused once resolved). Shared by the unit, int and fuzz tests.
 */
export const INTERNAL_URL_FORMS: readonly string[] = [
  'http://127.0.0.1:PORT/hook',
  'http://localhost:PORT/hook',
  'http://LOCALHOST.:PORT/hook',
  'http://[::1]:PORT/hook',
  'http://[::ffff:127.0.0.1]:PORT/hook',
  'http://[::ffff:7f00:1]:PORT/hook',
  'http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/hook',
  'http://[::127.0.0.1]:PORT/hook',
  'http://[64:ff9b::127.0.0.1]:PORT/hook',
  'http://[2002:7f00:1::]:PORT/hook',
  'http://0.0.0.0:PORT/hook',
  'http://0:PORT/hook',
  'http://[::]:PORT/hook',
  'http://2130706433:PORT/hook',
  'http://0177.0.0.1:PORT/hook',
  'http://0x7f.1:PORT/hook',
  'http://0x7f000001:PORT/hook',
  'http://127.1:PORT/hook',
  'http://127.0.0.1.:PORT/hook',
  'https://127.0.0.1:PORT/hook',
  'http://user:pass@127.0.0.1:PORT/hook',
  'http://1.1.1.1@127.0.0.1:PORT/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]:PORT/hook',
  'http://[fd00::1]:PORT/hook',
  'http://10.0.0.1:PORT/hook',
  'http://172.16.0.1:PORT/hook',
  'http://192.168.1.1:PORT/hook',
  'http://100.64.0.1:PORT/hook',
  'http://224.0.0.1:PORT/hook',
  'http://255.255.255.255:PORT/hook',
  'http://[::ffff:10.0.0.1]:PORT/hook',
];

/** {@link INTERNAL_URL_FORMS} with `port` filled in. */
export function internalUrls(port: number): string[] {
  return INTERNAL_URL_FORMS.map((u) => u.replace('PORT', String(port)));
}

/**
 * An HTTP listener on 127.0.0.1 (a free port) that answers 200 and counts every request, to prove
 * that none reached it. `close()` stops it.
 */
export async function startCountingListener(): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
