import { EventEmitter } from 'node:events';

/**
 * Publish/subscribe of JSON messages between processes (live events to SSE clients). In process
 * by default; Redis (`REDIS_URL`) when N processes serve clients.
 */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: any) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Single-process pub/sub over an EventEmitter. */
export class InProcessPubSub implements PubSub {
  private readonly ee = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: unknown): Promise<void> {
    // Serialise like Redis would, so both behave the same (no shared mutable objects).
    const copy = JSON.parse(JSON.stringify(message));
    queueMicrotask(() => this.ee.emit(channel, copy));
  }
  async subscribe(channel: string, handler: (m: any) => void) {
    this.ee.on(channel, handler);
    return async () => {
      this.ee.off(channel, handler);
    };
  }
  async close(): Promise<void> {
    this.ee.removeAllListeners();
  }
}

/** Redis pub/sub (ioredis): one publisher and one subscriber connection per process. */
export class RedisPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<(m: any) => void>>();
  private constructor(
    private readonly pub: import('ioredis').Redis,
    private readonly sub: import('ioredis').Redis,
    private readonly prefix: string,
  ) {
    sub.on('message', (ch: string, raw: string) => {
      const set = this.handlers.get(ch);
      if (!set) return;
      let msg: unknown;
      try {
        msg = JSON.parse(raw);
      } catch {
        return;
      }
      for (const h of set) h(msg);
    });
  }
  /**
   * Connects to `url`; `prefix` namespaces channels: the deployment's REDIS_PREFIX (see
   * platform/deployment), so deployments sharing a Redis do not hear each other.
   */
  static async connect(url: string, prefix: string): Promise<RedisPubSub> {
    const { Redis } = await import('ioredis');
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisPubSub(pub, sub, prefix);
  }
  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(this.prefix + channel, JSON.stringify(message));
  }
  async subscribe(channel: string, handler: (m: any) => void) {
    const ch = this.prefix + channel;
    let set = this.handlers.get(ch);
    if (!set) {
      set = new Set();
      this.handlers.set(ch, set);
      await this.sub.subscribe(ch);
    }
    set.add(handler);
    return async () => {
      set!.delete(handler);
      if (set!.size === 0) {
        this.handlers.delete(ch);
        await this.sub.unsubscribe(ch);
      }
    };
  }
  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
