/**
 * A local OpenAI-compatible model for the end-to-end run (`LLM_STUB_PORT`, default 8099): the
 * server under test is pointed at it with LLM_BASE_URL, and it answers in the real Chat
 * Completions wire format (apps/server/test/openai-stub.ts) from the data the server sends:
 *  - coin page rewrites (`<drafts>`): every draft text prefixed "Model analyst:" / "模型分析：",
 *    numbers untouched;
 *  - assistant questions (`<facts>` + `<question>`): a short answer, then the support and the bullish
 *    invalidation of the timeframe the facts were narrowed to as a list, streamed slowly and finished
 *    3 s after the last piece (on a loaded machine the whole answer once arrived between two looks
 *    of the test, which saw it complete and never streaming);
 *  - news interpretations (JSON) and the story of the day: short labelled texts.
 * Usage: node --import tsx e2e/support/llm-stub.ts
 */
import { startOpenAiStub } from '../../apps/server/test/openai-stub';

const PORT = Number(process.env.LLM_STUB_PORT ?? 8099);

const prefix = (zh: boolean) => (zh ? '模型分析：' : 'Model analyst: ');
function rewrite(v: unknown, zh: boolean): unknown {
  if (v === null) return null;
  if (typeof v === 'string') return prefix(zh) + v;
  if (Array.isArray(v)) return v.map((x) => rewrite(x, zh));
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, rewrite(x, zh)]));
}

const block = (text: string, tag: string) => new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1];

const stub = await startOpenAiStub(
  (body) => {
    const system: string = body.messages[0]?.content ?? '';
    const user: string = body.messages.at(-1)?.content ?? '';
    const zh = /Simplified Chinese/.test(system);
    const drafts = block(user, 'drafts');
    if (drafts) return { content: JSON.stringify(rewrite(JSON.parse(drafts), zh)) };
    const facts = block(user, 'facts');
    if (facts && block(user, 'question') !== undefined) {
      // answers as the system prompt asks: a short answer, the figures as a list, no sources line
      // (the app adds it), only the timeframe the facts were narrowed to
      const f = JSON.parse(facts);
      const t = f.timeframes[0];
      const news = f.news[0];
      const cite = news ? ` [#${news.id}](${news.link})` : '';
      if (!t) return { content: zh ? `**模型回答**：这个问题的数据中没有 K 线。${cite}` : `**Model answer**: the facts for this question hold no candle.${cite}`, chunkDelayMs: 40 };
      const tf = t.timeframe;
      const closed = new Date(t.candle_close_time).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
      const support = t.supports[0]?.price;
      const inv = t.invalidation.bullish;
      const content = zh
        ? `**模型回答**：${tf} 最近支撑为 ${support} USDT；若跌破 ${inv} USDT，看涨判断失效。${cite}\n\n- **支撑（${tf}）**：${support} USDT\n- **看涨失效价（${tf}）**：${inv} USDT\n- **K 线**：${tf}，收盘于 ${closed}`
        : `**Model answer**: the nearest ${tf} support is ${support} USDT; the bullish case is invalidated below ${inv} USDT.${cite}\n\n- **Support (${tf})**: ${support} USDT\n- **Bullish invalidation (${tf})**: ${inv} USDT\n- **Candle**: ${tf}, closed ${closed}`;
      return { content, reasoning: zh ? `读取 ${tf} 支撑位。` : `Reading the ${tf} levels.`, chunkDelayMs: 40, finishDelayMs: 3_000 };
    }
    if (body.response_format) return { content: JSON.stringify({ en: 'Model interpretation: the reports agree on the event.', zh: '模型解读：多家来源报道了同一事件。' }) };
    return { content: zh ? '模型撰写的今日要闻。' : 'Story of the day, written by the model.' };
  },
  { port: PORT },
);
console.log(`[llm-stub] listening on ${stub.url}`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
