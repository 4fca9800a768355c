import type { AiStreamEvent } from '@coinlens/contracts';

/** Parses a text/event-stream body into its events (`event:` name + JSON `data:`), skipping comments. */
export function parseSse(body: string): AiStreamEvent[] {
  const out: AiStreamEvent[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (!data) continue;
    const ev = /^event: (.+)$/m.exec(block)?.[1];
    const obj = JSON.parse(data);
    out.push({ type: ev ?? obj.type, ...obj });
  }
  return out;
}

/** The answer text of a stream (all `delta` texts). */
export const answerOf = (events: AiStreamEvent[]) => events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text).join('');
