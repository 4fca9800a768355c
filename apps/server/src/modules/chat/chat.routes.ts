import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChatParams, ErrorResponse, GetChatHistoryResponse, PostChatMessageBody } from '@coinlens/contracts';
import { currentUser } from '../../platform/auth';
import { openSse } from '../../platform/sse';
import { LIMITS } from '../../platform/rate-limit';
import { requireEntitlement } from '../billing/entitlements';
import type { ChatService } from './chat.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

/**
 * The per-coin assistant (issue 7 item 3): POST answers as server-sent events of the AI stream
 * union (`delta`…, then `done` or `error`); GET returns the stored conversation and today's quota.
 */
export async function chatRoutes(app: FastifyInstance, deps: { chat: ChatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = deps;
  const tags = ['chat'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/chat/:coinId/messages',
    { preHandler: requireEntitlement('assistant.ask'), schema: { tags, security, summary: 'The conversation with the assistant about a coin, and the qa_per_day quota of today', params: ChatParams, response: { 200: GetChatHistoryResponse, ...errors } } },
    async (req) => ({ result: await chat.history(req.params.coinId, currentUser(req).id) }),
  );

  r.post(
    '/api/chat/:coinId/messages',
    {
      // Each question starts a model call (when one is configured): RATE_LIMIT_MODEL_PER_MINUTE per user, besides qa_per_day.
      config: { rateLimit: LIMITS.modelCall },
      preHandler: requireEntitlement('assistant.ask'),
      schema: {
        tags,
        security,
        summary: 'Ask the assistant about a coin: text/event-stream of delta/thinking events, then done {message_id, by, based_on, usage} or error. Uses one qa_per_day unit (429 CHAT_DAILY_LIMIT_EXCEEDED when spent).',
        params: ChatParams,
        body: PostChatMessageBody,
        response: errors,
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const row = chat.resolve(req.params.coinId);
      const usage = await chat.accept(row, user.id, req.body.content, req.body.lang);
      const sse = openSse(req, reply);
      const ac = new AbortController();
      sse.onClose(() => ac.abort());
      try {
        await chat.answer(row, user.id, req.body.content, req.body.lang, usage, (e) => sse.send(e.type, e), ac.signal);
      } catch (e) {
        req.log.error({ err: e }, 'chat answer failed');
        sse.send('error', { type: 'error', code: 'INTERNAL', message: 'Something went wrong' });
      } finally {
        sse.close();
      }
    },
  );
}
