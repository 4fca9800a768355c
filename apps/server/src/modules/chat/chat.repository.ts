import { and, asc, eq } from 'drizzle-orm';
import type { AiBasedOn, ChatMessage } from '@coinlens/contracts';
import { chatMessages, type DatabaseHandle } from '@coinlens/db';

/** Conversations of the assistant (table chat_messages). */
export class ChatRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Appends a message; returns its id. */
  async add(m: { userId: number; coinId: number; role: 'user' | 'assistant'; content: string; lang: string; status: ChatMessage['status']; by?: string | null; basedOn?: AiBasedOn | null; at: number }): Promise<number> {
    const [r] = await this.h.db
      .insert(chatMessages)
      .values({ userId: m.userId, coinId: m.coinId, role: m.role, content: m.content, lang: m.lang, status: m.status, by: m.by ?? null, basedOn: m.basedOn ?? null, createdAt: m.at })
      .returning({ id: chatMessages.id });
    return r.id;
  }

  /** The conversation of a user about a coin, oldest first (the last `limit` messages). */
  async conversation(userId: number, coinId: number, limit = 200): Promise<ChatMessage[]> {
    const rows = await this.h.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), eq(chatMessages.coinId, coinId)))
      .orderBy(asc(chatMessages.id));
    return rows.slice(-limit).map((r) => ({
      id: String(r.id),
      role: r.role as ChatMessage['role'],
      content: r.content,
      lang: r.lang as ChatMessage['lang'],
      status: r.status as ChatMessage['status'],
      by: r.by,
      based_on: (r.basedOn as AiBasedOn | null) ?? null,
      created_at: Number(r.createdAt),
    }));
  }
}
