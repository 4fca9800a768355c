import { describe, expect, it } from 'vitest';
import { createEventBus } from './events';

interface TestEvents {
  tick: { n: number };
  other: { s: string };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createEventBus', () => {
  it('calls the handlers of an event in registration order, each after the previous one finished', async () => {
    const bus = createEventBus<TestEvents>();
    const seen: string[] = [];
    bus.on('tick', async ({ n }) => {
      seen.push(`a start ${n}`);
      await sleep(20);
      seen.push(`a end ${n}`);
    });
    bus.on('tick', ({ n }) => {
      seen.push(`b ${n}`);
    });
    bus.on('other', () => {
      seen.push('other');
    });
    await bus.emit('tick', { n: 1 });
    expect(seen).toEqual(['a start 1', 'a end 1', 'b 1']);
  });

  it('resolves emit only after every handler has finished', async () => {
    const bus = createEventBus<TestEvents>();
    let done = false;
    bus.on('tick', async () => {
      await sleep(20);
      done = true;
    });
    await bus.emit('tick', { n: 1 });
    expect(done).toBe(true);
  });

  it('reports a failing handler and still runs the next ones; emit never rejects', async () => {
    const errors: [string, unknown][] = [];
    const bus = createEventBus<TestEvents>({ onError: (name, e) => errors.push([name, e]) });
    const seen: number[] = [];
    const boom = new Error('boom');
    bus.on('tick', () => {
      throw boom;
    });
    bus.on('tick', async () => Promise.reject(new Error('rejected')));
    bus.on('tick', ({ n }) => {
      seen.push(n);
    });
    await expect(bus.emit('tick', { n: 7 })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(errors.map(([name, e]) => [name, (e as Error).message])).toEqual([
      ['tick', 'boom'],
      ['tick', 'rejected'],
    ]);
  });

  it('keeps going when the error report itself throws, and without an onError', async () => {
    const seen: number[] = [];
    const throwing = createEventBus<TestEvents>({
      onError: () => {
        throw new Error('report failed');
      },
    });
    const silent = createEventBus<TestEvents>();
    for (const bus of [throwing, silent]) {
      bus.on('tick', () => {
        throw new Error('boom');
      });
      bus.on('tick', ({ n }) => {
        seen.push(n);
      });
      await bus.emit('tick', { n: 1 });
    }
    expect(seen).toEqual([1, 1]);
  });

  it('stops calling a handler once unsubscribed; unsubscribing twice is harmless', async () => {
    const bus = createEventBus<TestEvents>();
    const seen: string[] = [];
    const offA = bus.on('tick', () => {
      seen.push('a');
    });
    bus.on('tick', () => {
      seen.push('b');
    });
    await bus.emit('tick', { n: 1 });
    offA();
    offA();
    await bus.emit('tick', { n: 2 });
    expect(seen).toEqual(['a', 'b', 'b']);
  });

  it('emits to nobody without handlers', async () => {
    await expect(createEventBus<TestEvents>().emit('other', { s: 'x' })).resolves.toBeUndefined();
  });

  it('applies handlers added or removed during an emit from the next emit on', async () => {
    const bus = createEventBus<TestEvents>();
    const seen: string[] = [];
    let offB: () => void = () => undefined;
    bus.on('tick', () => {
      seen.push('a');
      offB();
      bus.on('tick', () => {
        seen.push('c');
      });
    });
    offB = bus.on('tick', () => {
      seen.push('b');
    });
    await bus.emit('tick', { n: 1 });
    expect(seen).toEqual(['a', 'b']);
    seen.length = 0;
    offB = () => undefined;
    await bus.emit('tick', { n: 2 });
    expect(seen).toEqual(['a', 'c']);
  });
});
