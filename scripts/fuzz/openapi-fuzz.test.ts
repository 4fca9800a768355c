import { describe, expect, it } from 'vitest';
import { operationsOf } from './openapi-fuzz';

describe('operationsOf', () => {
  it('marks server-sent event streams whether `stream` is the last path segment or not, and nothing else', () => {
    const doc = { paths: { '/api/alerts/stream': { get: {} }, '/api/stream/ticker': { get: {} }, '/api/streams': { get: {} }, '/api/feeds/latest': { get: {} } } };
    const streams = Object.fromEntries(operationsOf(doc).map((o) => [o.path, o.stream]));
    expect(streams).toEqual({ '/api/alerts/stream': true, '/api/stream/ticker': true, '/api/streams': false, '/api/feeds/latest': false });
  });
});
