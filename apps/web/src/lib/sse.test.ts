import { describe, expect, it } from 'vitest';
import { parseSseBuffer, parseSseJson } from './sse';
import { parseStreamEvent } from './live-prices';

describe('server-sent events parsing', () => {
  it('splits complete events (CRLF too), keeps the rest, ignores comments and data-less events', () => {
    const r = parseSseBuffer(': hello\r\n\r\nevent: tick\r\ndata: {"a":1}\r\n\r\nid: 3\n\nevent: x\ndata: line1\ndata: line2\n\ndata: {"par');
    expect(r.events).toEqual([
      { event: 'tick', data: '{"a":1}' },
      { event: 'x', data: 'line1\nline2' },
    ]);
    expect(r.rest).toBe('data: {"par');
  });
  it('reads JSON bodies with the event name as default type; malformed ones give null', () => {
    expect(parseSseJson('{"now":1}', 'keepalive')).toEqual({ now: 1, type: 'keepalive' });
    expect(parseSseJson('{"type":"tick"}', 'message')).toEqual({ type: 'tick' });
    expect(parseSseJson('{"now":1}', 'message')).toEqual({ now: 1 });
    expect(parseSseJson('[1]')).toBeNull();
    expect(parseSseJson('{oops')).toBeNull();
  });
  it('market events keep only tick, kline and keepalive', () => {
    expect(parseStreamEvent('{"now":5}', 'keepalive')).toEqual({ type: 'keepalive', now: 5 });
    expect(parseStreamEvent('{"type":"other"}')).toBeNull();
  });
});
