import type { FastifyInstance } from 'fastify';
import { aiApi as api } from '@coinlens/contracts/ai/api';
import { currentUser } from '../../platform/auth';
import { openSse } from '../../platform/sse';
import { LIMITS } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { requireEntitlement } from '../billing/entitlements';
import type { ChatService } from './chat.service';

/**
 * The per-coin assistant: POST answers as server-sent events of the AI stream
 * union (`delta`…, then `done` or `error`); GET returns the stored conversation and today's quota.
 */
export async function chatRoutes(app: FastifyInstance, deps: { chat: ChatService }) {
  const { chat } = deps;

  route(app, api.getChatHistory, { preHandler: requireEntitlement('assistant.ask') }, async (req) => ({ result: await chat.history(req.params.coin, currentUser(req).id) }));

  route(
    app,
    api.postChatMessage,
    // Each question starts a model call (when one is configured): RATE_LIMIT_MODEL_PER_MINUTE per user, besides qa_per_day.
    { config: { rateLimit: LIMITS.modelCall }, preHandler: requireEntitlement('assistant.ask') },
    async (req, reply) => {
      const user = currentUser(req);
      const row = chat.resolve(req.params.coin);
      // a question outside the assistant's scope is read first and costs no quota
      const accepted = await chat.accept(row, user.id, req.body.content, req.body.lang);
      const sse = openSse(req, reply);
      const ac = new AbortController();
      sse.onClose(() => ac.abort());
      try {
        await chat.answer(row, user.id, accepted, (e) => sse.send(e.type, e), ac.signal);
      } catch (e) {
        req.log.error({ err: e }, 'chat answer failed');
        sse.send('error', { type: 'error', code: 'INTERNAL', message: 'Something went wrong' });
      } finally {
        sse.close();
      }
    },
  );
}
