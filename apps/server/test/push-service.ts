/**
 * A local Web Push service for tests, speaking the real wire format (RFC 8030 / 8291 / 8292):
 * an https server on 127.0.0.1 (a throw-away self-signed certificate made with the system's
 * `openssl`; web-push sends over https only) whose endpoints `POST /push/<id>`
 *  - check the VAPID `Authorization: vapid t=<JWT>, k=<public key>` header: k is the expected
 *    VAPID public key, the JWT is ES256-signed by it (jose), `aud` = this service's origin, `exp`
 *    in the future and at most 24 h away, `sub` a mailto: or https: contact;
 *  - check `Content-Encoding: aes128gcm`, `TTL`, `Urgency`;
 *  - decrypt the body with `http_ece` using the test client's P-256 private key and auth secret
 *    (generated here with node:crypto, like a browser does);
 *  - answer 201, or what the test commands (410, 404, 429, 500) for the next requests.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/** A browser's side of a subscription: what `PushSubscription.toJSON()` gives, plus its private key. */
export interface TestPushClient {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: crypto.ECDH;
  auth: Buffer;
}

/** One request the service received, with the outcome of its checks and the decrypted JSON. */
export interface ReceivedPush {
  clientId: string;
  status: number;
  vapidOk: boolean;
  vapidError: string | null;
  jwt: Record<string, unknown> | null;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload parsed as JSON (null when decryption failed). */
  payload: Record<string, unknown> | null;
  decryptError: string | null;
}

/** A fresh VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32).toString('base64url') }; // padded: Node drops leading zero bytes
}

function selfSignedCert(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the service; `vapidPublicKey` is the key every request must be signed with. */
export async function startPushService(vapidPublicKey: string) {
  const { key, cert } = selfSignedCert();
  const clients = new Map<string, TestPushClient>();
  const received: ReceivedPush[] = [];
  const commands = new Map<string, number[]>();
  let origin = '';
  const pub = Buffer.from(vapidPublicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33, 65).toString('base64url') };
  const verifyKey = await importJWK(jwk, 'ES256');

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const client = clients.get(id);
      const r: ReceivedPush = { clientId: id, status: 201, vapidOk: false, vapidError: null, jwt: null, headers: req.headers, payload: null, decryptError: null };
      try {
        const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
        if (!m) throw new Error(`no vapid authorization: ${req.headers.authorization}`);
        if (m[2] !== vapidPublicKey.replace(/=+$/, '')) throw new Error('k is not the VAPID public key');
        const { payload } = await jwtVerify(m[1], verifyKey, { audience: origin, algorithms: ['ES256'] });
        const now = Date.now() / 1000;
        if (!payload.exp || payload.exp < now || payload.exp > now + 24 * 3600 + 60) throw new Error(`bad exp ${payload.exp}`);
        if (!/^(mailto:|https:)/.test(String(payload.sub))) throw new Error(`bad sub ${payload.sub}`);
        r.jwt = payload as Record<string, unknown>;
        r.vapidOk = true;
      } catch (e) {
        r.vapidError = (e as Error).message;
      }
      if (!client) r.status = 404;
      else if (!r.vapidOk) r.status = 403;
      else if (req.headers['content-encoding'] !== 'aes128gcm' || req.headers.ttl === undefined) r.status = 400;
      else {
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: client.ecdh, authSecret: client.auth.toString('base64url') });
          r.payload = JSON.parse(plain.toString('utf8'));
        } catch (e) {
          r.decryptError = (e as Error).message;
          r.status = 400;
        }
        const queued = commands.get(id);
        if (r.status === 201 && queued?.length) r.status = queued.shift()!;
      }
      received.push(r);
      res.writeHead(r.status, r.status === 201 ? { location: `${origin}/message/${crypto.randomUUID()}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** This service's self-signed certificate (PEM), to trust in the sender's https pool (`new Outbound({ ca })`). */
    cert,
    /** A new browser subscription: P-256 key pair and 16-byte auth secret made here, endpoint on this service. */
    newClient(): TestPushClient {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomUUID();
      const c: TestPushClient = { subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }, ecdh, auth };
      clients.set(id, c);
      return c;
    },
    /** The next answers to `client`'s endpoint (e.g. [500] then the default 201, or [410]). */
    respond(client: TestPushClient, statuses: number[]) {
      const id = client.subscription.endpoint.split('/').pop()!;
      commands.set(id, [...(commands.get(id) ?? []), ...statuses]);
    },
    /** Requests to `client`'s endpoint. */
    to(client: TestPushClient): ReceivedPush[] {
      const id = client.subscription.endpoint.split('/').pop()!;
      return received.filter((r) => r.clientId === id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
