/**
 * Property-based fuzzing of an HTTP API from its OpenAPI 3 document (fast-check, seeded).
 *
 * For every operation of the document it generates requests with bad input: each path, query and
 * body value is either a plausible value from its schema or a hostile one (NUL characters, huge or
 * malformed numbers, wrong types, lone surrogates, 100 kB strings, deep objects…), plus raw
 * transport-level cases (malformed JSON, wrong content type, a body over the limit, oversized
 * headers, bad percent-encoding, over-long path segments). Requests are sent anonymously and with a
 * bearer token, with bounded concurrency, and every answer is checked against the app's contract:
 *   - never a 5xx;
 *   - every 4xx is `{error: {code, message}}` with a code of the error catalogue whose HTTP status
 *     is the one answered.
 * Used by `npm run fuzz` (scripts/fuzz/fuzz.ts) and by a short run in `npm test`.
 */
import fc from 'fast-check';
import { APP_ERRORS } from '@coinlens/contracts';
import { mulberry32 } from '@coinlens/ta/random';

/** The subset of a JSON schema (as emitted by @fastify/swagger from zod) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. `/api/payment/{id}/status`. */
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema; required: boolean }[];
  body?: JsonSchema;
  /** True when the operation declares bearer security. */
  secured: boolean;
  /** True for server-sent event streams (answer read up to the headers only). */
  stream: boolean;
}

/** A generated request, ready to send. `path` is already encoded (it may hold raw `%zz`). */
export interface FuzzRequest {
  op: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  stream: boolean;
}

/** What came back: status 0 means no answer (timeout or connection error, see `error`). */
export interface FuzzResponse {
  status: number;
  body: string;
  error?: string;
}

/** Sends one request; must never throw (a failure to connect is `{status: 0, error}`). */
export type Send = (req: FuzzRequest) => Promise<FuzzResponse>;

/** Totals of a run and the first few offending requests of each kind. */
export interface FuzzReport {
  requests: number;
  /** Answers with status ≥ 500. */
  serverErrors: number;
  /** 4xx answers without the app's `{error: {code, message}}` (or with a code of another status). */
  unformatted4xx: number;
  /** Requests without an answer (timeout, reset). Reported, not counted as failures. */
  noAnswer: number;
  /**
   * 503 SERVICE_UNAVAILABLE answers with `details.retry_after_s` (the read gate shedding load): the
   * fuzzer behaves like a well-mannered client, waits that long and sends the request again, up to
   * {@link SHED_RETRIES} times; the answer to the last retry is the one judged (a 503 then counts as
   * a 5xx). On a machine busy with other work the gate may shed the same request twice in a row.
   */
  shedRetried: number;
  byStatus: Record<string, number>;
  examples: { serverErrors: Example[]; unformatted4xx: Example[]; noAnswer: Example[] };
  /** Operations of the document that were exercised. */
  operations: number;
  ms: number;
}

/** An offending request and (the start of) its answer. */
export interface Example {
  request: string;
  status: number;
  body: string;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Server-sent event streams: a path segment `stream`, last or not (`/api/stream/ticker`, `/api/alerts/stream`). */
const STREAM_PATHS = /\/stream(\/|$)/;

/** Lists the operations of an OpenAPI 3 document (`/api/docs/json`). */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const m of HTTP_METHODS) {
      const o = item[m];
      if (!o) continue;
      const body = o.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      ops.push({
        method: m.toUpperCase(),
        path: p,
        params: (o.parameters ?? []).filter((x: any) => x.in === 'path' || x.in === 'query').map((x: any) => ({ name: x.name, in: x.in, schema: x.schema ?? {}, required: !!x.required })),
        body,
        secured: Array.isArray(o.security) && o.security.length > 0,
        stream: STREAM_PATHS.test(p),
      });
    }
  }
  return ops;
}

// ------------------------------------------------------------------------------------------------
// Generators

/** Strings a careless server mishandles. */
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '',
  ' ',
  '%00',
  '%zz',
  '\uD800',
  '\uDFFF\uD800',
  '😀',
  '\u202E',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x1f',
  '9'.repeat(30),
  '2147483648',
  '9223372036854775808',
  '-9223372036854775809',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '1970-01-01',
  '9999-12-31',
  '0000-00-00',
  '2025-02-30',
  'a'.repeat(300),
  'é'.repeat(2000),
];

const NASTY_NUMBERS = [0, -1, -0, 0.5, 1e-9, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308];

/** A hostile JSON value. */
function nastyValue(depth = 0): fc.Arbitrary<unknown> {
  const leaves: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constant('x'.repeat(100_000)),
  ];
  if (depth < 2) {
    leaves.push(fc.array(nastyValue(depth + 1), { maxLength: 3 }));
    leaves.push(fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '\u0000', 'k'), nastyValue(depth + 1), { maxKeys: 3 }));
    leaves.push(fc.constant(deepNest(200)));
  }
  return fc.oneof(...leaves);
}

function deepNest(n: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

function typesOf(s: JsonSchema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/** A value that plausibly satisfies `s` (so that nasty values elsewhere reach deeper code). */
export function validValue(s: JsonSchema = {}, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts && alts.length) return fc.oneof(...alts.map((a) => validValue(a, depth)));
  if (s.allOf && s.allOf.length) return validValue(Object.assign({}, ...s.allOf), depth);
  const types = typesOf(s);
  const t = types.find((x) => x !== 'null') ?? (s.properties ? 'object' : 'string');
  const arb = ((): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'integer':
        return fc.integer({ min: Math.max(s.minimum ?? -5, -1_000_000), max: Math.min(s.maximum ?? 200, 1_000_000) });
      case 'number':
        return fc.double({ min: Math.max(s.minimum ?? -5, -1e6), max: Math.min(s.maximum ?? 200, 1e6), noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(validValue(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
      case 'object': {
        if (depth > 3) return fc.constant({});
        const props = s.properties ?? {};
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) model[k] = validValue(v, depth + 1);
        return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      }
      default:
        return stringFor(s);
    }
  })();
  return s.nullable || types.includes('null') ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;
}

function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200) && x.length >= (s.minLength ?? 0));
    } catch {}
  }
  const min = s.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 24, 64)) });
}

/** Either a plausible or a hostile value (1 in 3 hostile). */
function mixed(s: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: validValue(s) }, { weight: 1, arbitrary: nastyValue() });
}

/** A body: plausible with hostile fields, missing fields, extra keys; or wholly hostile. */
function bodyArb(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s) return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: nastyValue() });
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) fields[k] = mixed(props[k]);
  const record = keys.length
    ? fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', '\u0000', 'constructor'), nastyValue()), { nil: undefined })).map(([r, extra]) => {
        const o: Record<string, unknown> = { ...r };
        if (extra) Object.defineProperty(o, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
        return o;
      })
    : fc.constant({});
  return fc.oneof({ weight: 6, arbitrary: record }, { weight: 2, arbitrary: validValue(s) }, { weight: 1, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: nastyValue() });
}

/** Query/path text of a value (objects as JSON, as a naive client would send them). */
function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return JSON.stringify(v);
}

/**
 * encodeURIComponent that also takes lone surrogates (as their raw 3-byte forms, e.g. %ED%A0%80:
 * invalid UTF-8 the server must refuse cleanly).
 */
function encode(t: string): string {
  try {
    return encodeURIComponent(t);
  } catch {
    return t.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^\uD800-\uDFFF]+/g, (part) => {
      if (part.length > 1 || !/[\uD800-\uDFFF]/.test(part)) return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    });
  }
}

/** Percent-encodes a path segment; raw (unencoded) for texts that look pre-encoded like `%zz`. */
function segment(v: unknown, raw: boolean): string {
  const t = textOf(v);
  return raw && /^[\w%.~-]*$/.test(t) ? t : encode(t);
}

/** Transport-level oddities of one request. */
type Raw = 'none' | 'badJson' | 'textPlain' | 'hugeBody' | 'hugeHeader' | 'badPercent' | 'longSegment' | 'arrayQuery';

/** The request generator of one operation; `auth` is the bearer header to send (or null). */
export function requestArb(op: Operation, auth: string | null): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => mixed(p.schema)));
  const queryArb = fc.tuple(...queryParams.map((p) => fc.option(mixed(p.schema), { nil: undefined, freq: 3 })));
  const raw = fc.oneof(
    { weight: 20, arbitrary: fc.constant<Raw>('none') },
    { weight: 1, arbitrary: fc.constantFrom<Raw>('badJson', 'textPlain', 'hugeBody', 'hugeHeader', 'badPercent', 'longSegment', 'arrayQuery') },
  );
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc.record({ pv: pathArb, qv: queryArb, body: hasBody ? bodyArb(op.body) : fc.constant(undefined), raw, rawSegment: fc.boolean() }).map(({ pv, qv, body, raw: r, rawSegment }) => {
    let i = 0;
    let path = op.path.replace(/\{[^}]+\}/g, () => {
      const v = pv[i++];
      if (r === 'badPercent') return '%zz';
      if (r === 'longSegment') return 'a'.repeat(150);
      return segment(v, rawSegment);
    });
    const qs: string[] = [];
    queryParams.forEach((p, k) => {
      const v = qv[k];
      if (v === undefined) return;
      const t = encode(textOf(v));
      qs.push(`${encode(p.name)}=${t}`);
      if (r === 'arrayQuery') qs.push(`${encode(p.name)}=${t}`);
    });
    if (r === 'badPercent' && !pathParams.length) qs.push('q=%zz%E0%A4%A');
    if (qs.length) path += `?${qs.join('&')}`;
    const headers: Record<string, string> = {};
    if (auth) headers.authorization = auth;
    if (r === 'hugeHeader') headers['x-filler'] = 'f'.repeat(20_000);
    let text: string | undefined;
    if (hasBody) {
      if (r === 'badJson') text = '{"a": [1, 2,';
      else if (r === 'hugeBody') text = JSON.stringify({ blob: 'x'.repeat(300 * 1024) });
      else if (body !== undefined) text = JSON.stringify(body);
      if (text !== undefined) headers['content-type'] = r === 'textPlain' ? 'text/plain' : 'application/json';
    }
    return { op: `${op.method} ${op.path}`, method: op.method, path, headers, body: text, stream: op.stream };
  });
}

// ------------------------------------------------------------------------------------------------
// Checking and running

/** Why an answer breaks the contract, or null when it keeps it. */
export function verdict(res: FuzzResponse): 'serverErrors' | 'unformatted4xx' | 'noAnswer' | null {
  if (res.status === 0) return 'noAnswer';
  if (res.status >= 500) return 'serverErrors';
  if (res.status >= 400) {
    try {
      const j = JSON.parse(res.body);
      const code = j?.error?.code;
      if (typeof code !== 'string' || typeof j.error.message !== 'string') return 'unformatted4xx';
      const expected = (APP_ERRORS as Record<string, number>)[code];
      if (expected === undefined || expected !== res.status) return 'unformatted4xx';
    } catch {
      return 'unformatted4xx';
    }
  }
  return null;
}

function describe(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` body=${req.body.length > 160 ? `${req.body.slice(0, 160)}…(${req.body.length} chars)` : req.body}`;
  const extra = req.headers['x-filler'] ? ' [20 kB header]' : '';
  const p = req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path;
  return `${req.method} ${p}${extra}${req.headers.authorization ? ' [signed in]' : ''}${body}`;
}

/**
 * Generates `perOperation` requests for each operation and identity (anonymous, and signed in
 * when `auth` is given), seeded, and sends them with at most `concurrency` in flight. Requests that
 * end the session (`/api/auth/logout`) go last. `onProgress` is called every 500 answers.
 */
export async function runFuzz(opts: {
  doc: any;
  send: Send;
  seed: number;
  perOperation: number;
  concurrency: number;
  auth?: string | null;
  examples?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzReport> {
  const started = Date.now();
  const ops = operationsOf(opts.doc);
  const identities: (string | null)[] = opts.auth ? [null, opts.auth] : [null];
  let requests: FuzzRequest[] = [];
  let k = 0;
  for (const op of ops) {
    for (const who of identities) {
      requests.push(...fc.sample(requestArb(op, who), { seed: opts.seed + k++, numRuns: opts.perOperation }));
    }
  }
  // Interleave operations (so no endpoint is hammered alone), deterministically; logout last.
  const rnd = mulberry32(opts.seed);
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [requests[i], requests[j]] = [requests[j], requests[i]];
  }
  const isLogout = (r: FuzzRequest) => r.op.endsWith('/api/auth/logout') && !!r.headers.authorization;
  requests = [...requests.filter((r) => !isLogout(r)), ...requests.filter(isLogout)];

  const max = opts.examples ?? 5;
  const report: FuzzReport = { requests: 0, serverErrors: 0, unformatted4xx: 0, noAnswer: 0, shedRetried: 0, byStatus: {}, examples: { serverErrors: [], unformatted4xx: [], noAnswer: [] }, operations: ops.length, ms: 0 };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++];
      let res = await opts.send(req);
      for (let retry = 0, after = shedRetryAfterS(res); after !== null && retry < SHED_RETRIES; retry++, after = shedRetryAfterS(res)) {
        report.shedRetried++;
        await new Promise((r) => setTimeout(r, Math.min(after, 5) * 1000));
        res = await opts.send(req);
      }
      report.requests++;
      report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
      const v = verdict(res);
      if (v) {
        report[v]++;
        const list = report.examples[v];
        if (list.length < max) list.push({ request: describe(req), status: res.status, body: (res.error ?? res.body).slice(0, 300) });
      }
      if (opts.onProgress && report.requests % 500 === 0) opts.onProgress(report.requests, requests.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  report.ms = Date.now() - started;
  return report;
}

/** Retries of one request the read gate shed (503 with retry-after) before its answer is judged. */
export const SHED_RETRIES = 3;

/** Seconds to wait when `res` is the read gate's load shedding (503 SERVICE_UNAVAILABLE with retry_after_s), else null. */
function shedRetryAfterS(res: FuzzResponse): number | null {
  if (res.status !== 503) return null;
  try {
    const e = JSON.parse(res.body)?.error;
    return e?.code === 'SERVICE_UNAVAILABLE' && typeof e?.details?.retry_after_s === 'number' ? e.details.retry_after_s : null;
  } catch {
    return null;
  }
}

/** A `Send` over HTTP to `baseUrl` (e.g. http://127.0.0.1:8080); streams are read up to their headers. */
export function httpSender(baseUrl: string, timeoutMs = 20_000): Send {
  return async (req) => {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), timeoutMs);
    try {
      const res = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body, signal: ac.signal, redirect: 'manual' });
      let body = '';
      if (req.stream && res.status < 300) await res.body?.cancel().catch(() => undefined);
      else body = await res.text();
      return { status: res.status, body };
    } catch (e) {
      return { status: 0, body: '', error: ac.signal.aborted ? `no answer in ${timeoutMs} ms` : String((e as Error)?.cause ?? e) };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The report as printed by `npm run fuzz`. */
export function formatReport(r: FuzzReport): string {
  const lines = [
    `operations: ${r.operations}`,
    `requests: ${r.requests} in ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.requests / (r.ms / 1000))}/s)`,
    `statuses: ${Object.entries(r.byStatus).map(([s, n]) => `${s}×${n}`).join(' ')}`,
    `5xx: ${r.serverErrors}`,
    `4xx without code: ${r.unformatted4xx}`,
    `no answer: ${r.noAnswer}`,
    `shed with 503 + retry-after, then retried: ${r.shedRetried}`,
  ];
  for (const [kind, list] of Object.entries(r.examples)) {
    if (!list.length) continue;
    lines.push(`first ${kind}:`);
    for (const e of list) lines.push(`  ${e.status} ← ${e.request}\n      ${e.body.replace(/\n/g, ' ')}`);
  }
  return lines.join('\n');
}
