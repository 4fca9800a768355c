import http from 'node:http';
import https from 'node:https';

/** What one webhook POST answered: the HTTP status (the body is read and dropped). */
export interface PostResult {
  status: number;
}

/**
 * Sends one webhook POST. `url`: http(s) URL; `headers`: request headers; `body`: UTF-8 text;
 * `timeoutMs`: whole-request limit (ms) — connect, send and the answer's headers and body. Resolves
 * with the status of any answer (redirects are not followed: a 3xx is an answer like any other);
 * rejects on a network error or the timeout (`Error('timeout after N ms')`).
 */
export type WebhookPost = (url: string, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<PostResult>;

// Keep-alive connection pools of the webhook transport: one per protocol, shared by every dispatcher
// of the process. Idle sockets close after 4 s (most servers close theirs after 5 s; closing first
// avoids sending on a socket the receiver is closing).
const agents = {
  'http:': new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 128, maxFreeSockets: 128, timeout: 4000 }),
  'https:': new https.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 128, maxFreeSockets: 128, timeout: 4000 }),
};

/**
 * The default {@link WebhookPost}: node:http(s) with keep-alive pools. Chosen over the global
 * `fetch` (undici) for the outbox because a burst of 1,000 deliveries spends about a third of the
 * CPU per request here (bench:alerts, docs/OPERATIONS.md "Alerts latency").
 */
export const httpPost: WebhookPost = (url, headers, body, timeoutMs) =>
  new Promise<PostResult>((resolve, reject) => {
    const u = new URL(url);
    const mod = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : null;
    if (!mod) return reject(new Error(`unsupported protocol ${u.protocol}`));
    const payload = Buffer.from(body, 'utf8');
    const req = mod.request(u, { method: 'POST', agent: agents[u.protocol as 'http:' | 'https:'], headers: { ...headers, 'content-length': String(payload.length) } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0 });
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
    req.end(payload);
  });
