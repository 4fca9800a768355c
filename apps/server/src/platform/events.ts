/**
 * A typed event bus inside one process: modules react to each other's events (an analysis stored,
 * news released) without holding references to each other, so the composition root can build them
 * top to bottom. In process only — nothing crosses to other processes; events for other processes
 * (SSE clients, read-model invalidation) go through the pub/sub of `platform/pubsub.ts`.
 *
 * `Events` maps each event name to its payload type, e.g. `{ 'news.released': { rows: NewsRow[] } }`.
 */
export interface EventBus<Events> {
  /** Adds a handler of `name` (called after those added before it); returns a function that removes it. */
  on<K extends keyof Events & string>(name: K, handler: (payload: Events[K]) => Promise<void> | void): () => void;
  /**
   * Calls the handlers of `name` one after another, in the order they were added, awaiting each.
   * A handler that throws (or rejects) is reported to `onError` and the next one still runs; the
   * returned promise never rejects. Handlers added or removed during an emit apply from the next one.
   */
  emit<K extends keyof Events & string>(name: K, payload: Events[K]): Promise<void>;
}

/** Options of {@link createEventBus}. */
export interface EventBusOptions<Events> {
  /** Told of each handler's failure (event name, what was thrown); default: ignored. */
  onError?: (name: keyof Events & string, error: unknown) => void;
}

/** Builds an in-process {@link EventBus} with no handlers. */
export function createEventBus<Events>(opts: EventBusOptions<Events> = {}): EventBus<Events> {
  const handlers = new Map<string, ((payload: never) => Promise<void> | void)[]>();
  return {
    on(name, handler) {
      const list = [...(handlers.get(name) ?? []), handler as (payload: never) => Promise<void> | void];
      handlers.set(name, list);
      let on = true;
      return () => {
        if (!on) return;
        on = false;
        handlers.set(name, (handlers.get(name) ?? []).filter((h) => h !== handler));
      };
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await (handler as (p: typeof payload) => Promise<void> | void)(payload);
        } catch (e) {
          try {
            opts.onError?.(name, e);
          } catch {
            // A failing error report must not stop the remaining handlers either.
          }
        }
      }
    },
  };
}
