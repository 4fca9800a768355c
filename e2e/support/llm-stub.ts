/**
 * A local OpenAI-compatible model for the end-to-end run (`LLM_STUB_PORT`, default 8099): the
 * server under test is pointed at it with LLM_BASE_URL, and it answers in the real Chat
 * Completions wire format (apps/server/test/openai-stub.ts) from the data the server sends:
 *  - coin page rewrites (`<drafts>`): every draft text prefixed "Model analyst:" / "模型分析：",
 *    numbers untouched;
 *  - assistant questions (`<facts>` + `<question>`): the 1h support and the bullish invalidation
 *    from the facts, with the candle time and a cited news item, streamed slowly;
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
      const f = JSON.parse(facts);
      const h1 = f.timeframes.find((t: { timeframe: string }) => t.timeframe === '1h') ?? f.timeframes[0];
      const closed = new Date(h1.candle_close_time).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
      const news = f.news[0];
      const cite = news ? ` [#${news.id}](${news.link})` : '';
      const support = h1.supports[0]?.price;
      const inv = h1.invalidation.bullish;
      const content = zh
        ? `**模型回答**：依据 ${closed} 收盘的 1 小时 K 线，最近支撑为 ${support} USDT；若跌破 ${inv} USDT，看涨判断失效。${cite}`
        : `**Model answer**: on the 1h candle closed ${closed}, the nearest support is ${support} USDT; the bullish case is invalidated below ${inv} USDT.${cite}`;
      return { content, reasoning: zh ? '读取 1 小时支撑位。' : 'Reading the 1h levels.', chunkDelayMs: 40 };
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
