/**
 * Server-sent events (HTML "text/event-stream"), the one parser of the web: the chat reads the
 * stream from `fetch` (a POST, which EventSource cannot send) through {@link parseSseBuffer}; every
 * stream's JSON message bodies (chat, market, story refresh errors) go through {@link parseSseJson}.
 */

/** One complete event: its `event:` name ('' when absent) and its `data:` lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream buffer into the complete events it holds (blank-line terminated) and
 * the unparsed rest (an event still arriving). CRLF is accepted; `:` comment lines, `id:` and
 * `retry:` are ignored; events without data are dropped.
 */
export function parseSseBuffer(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = '';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * The JSON object of an event's data with `type` defaulting to the event name (when it is not the
 * default `message`); null when the data is not a JSON object (a malformed event is skipped).
 */
export function parseSseJson<T extends object = Record<string, unknown>>(data: string, eventName?: string): (T & { type?: unknown }) | null {
  try {
    const obj = JSON.parse(data) as unknown;
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
    const rec = obj as Record<string, unknown>;
    if (rec.type === undefined && eventName && eventName !== 'message') rec.type = eventName;
    return rec as T & { type?: unknown };
  } catch {
    return null;
  }
}
