import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { encodeJson, fillTemplate, fillTemplateBody, NOW_SLOT, ReadModels, SINCE_SLOT, sendJson, toTemplate } from './read-models';

const tick = () => new Promise((r) => setImmediate(r));

describe('read models in process', () => {
  it('computes a missing version once for any number of concurrent readers', async () => {
    const rm = ReadModels.local();
    let runs = 0;
    const compute = async () => {
      runs++;
      await tick();
      return `v${runs}`;
    };
    const got = await Promise.all(Array.from({ length: 64 }, () => rm.get('k', '1', compute)));
    expect(runs).toBe(1);
    expect(new Set(got)).toEqual(new Set(['v1']));
    expect(await rm.get('k', '1', compute)).toBe('v1');
    expect(await rm.get('k', '2', compute)).toBe('v2');
    expect(runs).toBe(2);
  });

  it('keeps neither a failed computation nor a value refused by keep', async () => {
    const rm = ReadModels.local();
    await expect(rm.get('k', '1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await rm.get('k', '1', async () => 'ok')).toBe('ok');
    let runs = 0;
    const twice = await Promise.all([1, 2].map(() => rm.get('x', '1', async () => `r${++runs}`, { keep: () => false })));
    expect(twice).toEqual(['r1', 'r1']);
    expect(await rm.get('x', '1', async () => `r${++runs}`, { keep: () => false })).toBe('r2');
  });

  it('getBytes answers the stored text as UTF-8 bytes, computed and encoded once per version, through one gate slot', async () => {
    const rm = ReadModels.local();
    let gated = 0;
    rm.setComputeGate(async (job) => {
      gated++;
      return job();
    });
    let runs = 0;
    const compute = async () => {
      runs++;
      await tick();
      return `{"t":"“${runs}” −"}`;
    };
    const got = await Promise.all(Array.from({ length: 16 }, () => rm.getBytes('k', '1', compute)));
    expect(runs).toBe(1);
    expect(gated).toBe(1);
    expect(rm.computed).toBe(1);
    expect(new Set(got).size).toBe(1);
    expect(got[0]).toBeInstanceOf(Buffer);
    expect(got[0].toString('utf8')).toBe('{"t":"“1” −"}');
    // the text stays readable by get at the same version, without a second computation
    expect(await rm.get('k', '1', compute)).toBe('{"t":"“1” −"}');
    expect((await rm.getBytes('k', '2', compute)).toString('utf8')).toBe('{"t":"“2” −"}');
    expect(runs).toBe(2);
  });

  it('getBytes keeps no bytes of a text refused by keep', async () => {
    const rm = ReadModels.local();
    let runs = 0;
    const once = await rm.getBytes('k', '1', async () => `"r${++runs}"`, { keep: () => false });
    expect(once.toString()).toBe('"r1"');
    expect((await rm.getBytes('k', '1', async () => `"r${++runs}"`, { keep: () => false })).toString()).toBe('"r2"');
    expect((await rm.getBytes('k', '1', async () => `"r${++runs}"`)).toString()).toBe('"r3"');
    expect((await rm.getBytes('k', '1', async () => `"r${++runs}"`)).toString()).toBe('"r3"');
  });

  it('peek answers a held value synchronously: not while it is computed, not at another version, not when keep refused it', async () => {
    const rm = ReadModels.local();
    let release!: (v: string) => void;
    const pending = rm.get('k', '1', () => new Promise<string>((r) => (release = r)));
    expect(rm.peek('k', '1')).toBeUndefined();
    release('v1');
    expect(await pending).toBe('v1');
    expect(rm.peek('k', '1')).toBe('v1');
    expect(rm.peek('k', '2')).toBeUndefined();
    expect(rm.peek('other', '1')).toBeUndefined();
    await rm.get('refused', '1', async () => 'x', { keep: () => false });
    expect(rm.peek('refused', '1')).toBeUndefined();
    await expect(rm.get('failed', '1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(rm.peek('failed', '1')).toBeUndefined();
    const bytes = await rm.getBytes('json', '1', async () => '{"a":"看"}');
    expect(rm.peekBytes('json', '1')).toBe(bytes);
    expect(rm.peekBytes('json', '2')).toBeUndefined();
  });


  it('with stale, readers that arrive while another computes a new version get the version it replaces; the one that started it waits', async () => {
    const rm = ReadModels.local();
    const compute = (v: string) => async () => v;
    await rm.get('k', '1', compute('v1'));
    let release!: (v: string) => void;
    // the reader that starts version 2 waits for it (a write followed by a read sees the write)
    const first = rm.getNow('k', '2', () => new Promise<string>((r) => (release = r)), { stale: true });
    expect(first).toBeInstanceOf(Promise);
    // readers during that computation are answered at once with version 1 (without stale they wait)
    expect(rm.getNow('k', '2', compute('never'), { stale: true })).toBe('v1');
    expect(rm.peek('k', '2', { stale: true })).toBe('v1');
    expect(rm.peek('k', '2')).toBeUndefined();
    expect(rm.getNow('k', '2', compute('never'))).toBeInstanceOf(Promise);
    expect(rm.staleServed).toBe(2);
    // a newer version asked for during the computation still falls back to the last value computed
    const third = rm.getNow('k', '3', compute('v3'), { stale: true });
    expect(third).toBeInstanceOf(Promise);
    release('v2');
    expect(await first).toBe('v2');
    expect(await third).toBe('v3');
    // once computed, the previous value is gone
    expect(rm.getNow('k', '3', compute('never'), { stale: true })).toBe('v3');
    expect(rm.peek('k', '3', { stale: true })).toBe('v3');
    // nothing held before: nothing stale to answer; a failed computation leaves nothing stale either
    const fresh = rm.getNow('new', '1', compute('n1'), { stale: true });
    expect(rm.peek('new', '1', { stale: true })).toBeUndefined();
    expect(await fresh).toBe('n1');
    let fail!: (e: Error) => void;
    const failing = rm.get('new', '2', () => new Promise<string>((_, rej) => (fail = rej)));
    expect(rm.peek('new', '2', { stale: true })).toBe('n1');
    fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    expect(rm.peek('new', '2', { stale: true })).toBeUndefined();
    // stored bytes too
    await rm.getBytes('json', '1', async () => '"a"');
    let releaseText!: (v: string) => void;
    const nextBytes = rm.getBytes('json', '2', () => new Promise<string>((r) => (releaseText = r)));
    expect(rm.peekBytes('json', '2', { stale: true })?.toString()).toBe('"a"');
    releaseText('"b"');
    expect((await nextBytes).toString()).toBe('"b"');
    expect(rm.peekBytes('json', '2', { stale: true })?.toString()).toBe('"b"');
  });
  it('a peeked entry counts as used for eviction', async () => {
    const rm = ReadModels.local(2);
    await rm.get('a', '1', async () => 'a');
    await rm.get('b', '1', async () => 'b');
    expect(rm.peek('a', '1')).toBe('a');
    await rm.get('c', '1', async () => 'c');
    expect(rm.peek('a', '1')).toBe('a');
    expect(rm.peek('b', '1')).toBeUndefined();
  });

  it('holds at most maxEntries keys, dropping the least recently used', async () => {
    const rm = ReadModels.local(3);
    for (const k of ['a', 'b', 'c']) await rm.get(k, '1', async () => k);
    await rm.get('a', '1', async () => 'a again');
    await rm.get('d', '1', async () => 'd');
    expect(rm.size).toBe(3);
    expect(await rm.get('a', '1', async () => 'recomputed')).toBe('a');
    expect(await rm.get('b', '1', async () => 'recomputed')).toBe('recomputed');
  });

  it('moves the generation of a topic on invalidate', async () => {
    const rm = ReadModels.local();
    expect(rm.generation('signals')).toBe(0);
    await rm.invalidate('signals');
    await rm.invalidate('signals');
    expect(rm.generation('signals')).toBe(2);
    expect(rm.generation('news')).toBe(0);
  });
});

describe('stored JSON texts', () => {
  const Schema = z.object({ result: z.object({ items: z.array(z.object({ b: z.number(), a: z.string() })), since: z.number(), now: z.number() }) });

  it('encodeJson writes what the route serializer writes (schema key order, unknown keys dropped)', () => {
    const value = { result: { now: 5, since: 1, items: [{ a: 'x', b: 2, extra: true }] } };
    const route = serializerCompiler({ schema: Schema, method: 'GET', url: '/x' } as never) as (d: unknown) => string;
    expect(encodeJson(Schema, value as never)).toBe(route(value));
    expect(encodeJson(Schema, value as never)).toBe('{"result":{"items":[{"b":2,"a":"x"}],"since":1,"now":5}}');
  });

  it('fills the now and since slots of a template with the values of the request', () => {
    const text = encodeJson(Schema, { result: { items: [{ b: 0.9007199254740991, a: String(NOW_SLOT) }], since: SINCE_SLOT, now: NOW_SLOT } });
    const t = toTemplate(text, [NOW_SLOT, SINCE_SLOT]);
    // only whole values are slots: neither the digits inside another number nor inside a string
    expect(t.slots).toEqual([SINCE_SLOT, NOW_SLOT]);
    const filled = JSON.parse(fillTemplate(t, { [NOW_SLOT]: 1_747_396_800_000, [SINCE_SLOT]: 1_746_792_000_000 }));
    expect(filled.result).toEqual({ items: [{ b: 0.9007199254740991, a: String(NOW_SLOT) }], since: 1_746_792_000_000, now: 1_747_396_800_000 });
  });

  it('fillTemplateBody: the same bytes as the filled text, the parts encoded once per template', () => {
    const text = encodeJson(Schema, { result: { items: [{ b: 1, a: '看跌吞没' }], since: SINCE_SLOT, now: NOW_SLOT } });
    const t = toTemplate(text, [NOW_SLOT, SINCE_SLOT]);
    const values = { [NOW_SLOT]: 1_747_396_800_000, [SINCE_SLOT]: 1_746_792_000_000 };
    expect(fillTemplateBody(t, values).equals(Buffer.from(fillTemplate(t, values), 'utf8'))).toBe(true);
    // without slots: the one stored Buffer, no copy per request
    const plain = toTemplate('{"result":{"a":"看"}}', [NOW_SLOT]);
    expect(fillTemplateBody(plain, {})).toBe(fillTemplateBody(plain, {}));
    expect(fillTemplateBody(plain, {}).toString('utf8')).toBe('{"result":{"a":"看"}}');
    // the same slot values again (requests in the same millisecond): the same bytes, filled once
    const again = fillTemplateBody(t, { ...values });
    expect(fillTemplateBody(t, values)).toBe(again);
    const later = { [NOW_SLOT]: 1_747_396_800_001, [SINCE_SLOT]: 1_746_792_000_001 };
    const next = fillTemplateBody(t, later);
    expect(next).not.toBe(again);
    expect(next.equals(Buffer.from(fillTemplate(t, later), 'utf8'))).toBe(true);
    expect(fillTemplateBody(t, values).equals(Buffer.from(fillTemplate(t, values), 'utf8'))).toBe(true);
  });

  it('Fastify sends stored JSON bytes as is, with the JSON content type', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get('/x', { schema: { response: { 200: z.object({ result: z.object({ a: z.string() }) }) } } }, async (_req, reply) =>
      sendJson(reply, Buffer.from('{"result":{"a":"看","extra":2}}', 'utf8')),
    );
    const r = await app.inject({ method: 'GET', url: '/x' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.body).toBe('{"result":{"a":"看","extra":2}}');
    await app.close();
  });

  it('Fastify sends a stored JSON text as is, without running the response serializer', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get('/x', { schema: { response: { 200: z.object({ result: z.object({ a: z.number() }) }) } } }, async (_req, reply) =>
      // "extra" would be dropped by the zod serializer: it stays, so the text was not serialized again
      sendJson(reply, '{"result":{"a":1,"extra":2}}'),
    );
    const r = await app.inject({ method: 'GET', url: '/x' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.body).toBe('{"result":{"a":1,"extra":2}}');
    await app.close();
  });
});
