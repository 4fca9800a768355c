import { useQuery } from '@tanstack/react-query';
import type { AiStreamEvent, CoinRef } from '@coinlens/contracts';
import { ApiError } from '../../lib/api';
import { api, apiUrl } from '../../lib/api-client';
import { getSession, useSession } from '../../lib/session';
import { parseSseBuffer, parseSseJson } from '../../lib/sse';

/** `GET /api/chat/{coin}/messages` while signed in. */
export function useChatHistory(coin: CoinRef) {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: ['chat', coin, userId],
    enabled: !!token,
    retry: false,
    queryFn: ({ signal }) => api('getChatHistory', { params: { coin } }, { signal, navigationScoped: false }),
  });
}

/** Splits the assistant's event-stream buffer into complete events (lib/sse); returns them and the unparsed rest. */
export function parseSseChunk(buffer: string): { events: AiStreamEvent[]; rest: string } {
  const { events, rest } = parseSseBuffer(buffer);
  return { events: events.flatMap((e) => parseSseJson<AiStreamEvent>(e.data, e.event) ?? []), rest };
}

/**
 * Asks the assistant (`POST /api/chat/{coin}/messages`) and calls `onEvent` for each streamed
 * event. A refused request (401, 429 CHAT_DAILY_LIMIT_EXCEEDED, 400) rejects with an ApiError
 * before any event; aborting `signal` stops the answer (the server keeps the partial text).
 */
export async function askAssistant(coin: CoinRef, content: string, lang: string, onEvent: (e: AiStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const { token } = getSession();
  const res = await fetch(apiUrl('postChatMessage', { params: { coin }, body: { content, lang } }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ content, lang }),
    signal,
  });
  if (!res.ok || !res.body) {
    const j = await res.json().catch(() => null);
    throw new ApiError(j?.error?.code ?? (res.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL'), res.status, j?.error?.message ?? res.statusText, j?.error?.fields, j?.error?.details);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const { events, rest } = parseSseChunk(buffer);
    buffer = rest;
    for (const e of events) onEvent(e);
  }
}
