import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_REFRESH_MS, renewVisitorId, sessionId, SESSION_COOKIE, visitorId, VISITOR_COOKIE } from './analytics';

/** Counts reads and writes of document.cookie (jsdom's own accessor underneath). */
function spyCookie() {
  const proto = Object.getPrototypeOf(document) as object;
  const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie') ?? Object.getOwnPropertyDescriptor(proto, 'cookie')!;
  const counts = { get: 0, set: 0 };
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() { counts.get++; return desc.get!.call(document); },
    set(v: string) { counts.set++; desc.set!.call(document, v); },
  });
  return { counts, restore: () => delete (document as unknown as { cookie?: string }).cookie };
}

describe('visitor and session ids', () => {
  afterEach(() => vi.useRealTimers());

  it('reads and writes the cookies at most once a minute however many requests send them', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const spy = spyCookie();
    try {
      const v = visitorId();
      const s = sessionId();
      for (let i = 0; i < 30; i++) {
        expect(visitorId()).toBe(v);
        expect(sessionId()).toBe(s);
      }
      // one read for both ids (each read is a synchronous call to the browser's cookie store), two writes
      expect(spy.counts.get).toBe(1);
      expect(spy.counts.set).toBe(2);
      expect(document.cookie).toContain(`${VISITOR_COOKIE}=${v}`);
      expect(document.cookie).toContain(`${SESSION_COOKIE}=${s}`);
      // after a minute the cookies are read again (once) and their expiry extended
      vi.setSystemTime(Date.now() + COOKIE_REFRESH_MS + 1);
      expect(sessionId()).toBe(s);
      expect(visitorId()).toBe(v);
      expect(spy.counts.get).toBe(1 + 2 + 1); // the two reads in between are this test's own
      expect(spy.counts.set).toBe(4);
      // a new visitor id is used at once
      const renewed = renewVisitorId();
      expect(renewed).not.toBe(v);
      expect(visitorId()).toBe(renewed);
    } finally {
      spy.restore();
    }
  });
});
