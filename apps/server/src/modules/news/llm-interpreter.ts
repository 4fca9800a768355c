import type { Lang } from '@coinlens/contracts';
import type { LlmClient } from '../../providers/llm/types';
import { parseModelJson } from '../../providers/llm/openai-compatible';
import { BuiltinInterpreter, leadAddsTo, storyCoverage, storyTitle, type InterpretFacts, type Interpreter, type StoryFacts } from './interpreter';

const SYSTEM =
  'You are a crypto market news analyst. Use only the facts given (JSON). Never invent numbers, names or events. ' +
  'Cite the item id you rely on. Be brief and neutral.';

/**
 * An OpenAI-compatible model writes the interpretation (en-US and zh-CN translation) and the story
 * of the day from the same facts as the built-in analyst. When the model fails or answers
 * malformed JSON, the built-in analyst writes instead and the text is labelled `builtin`.
 */
export class LlmInterpreter implements Interpreter {
  readonly by = 'llm' as const;
  private readonly builtin = new BuiltinInterpreter();
  constructor(private readonly llm: LlmClient, private readonly log: (m: string) => void = () => undefined) {}

  async interpret(f: InterpretFacts): Promise<{ en: string; zh: string; by?: 'builtin' | 'llm'; title_zh?: string; summary_zh?: string }> {
    const translate = (f.lang ?? 'en') === 'en';
    const translateLead = translate && leadAddsTo(f.title, f.summary);
    try {
      const text = await this.llm.complete(
        [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content:
              'Write a 2–3 sentence interpretation of this news for traders: what it means for each listed coin (use the given trend), ' +
              'how well it is confirmed (sources), and its importance. Answer JSON {"en": English text, "zh": the same in Simplified Chinese' +
              (translate ? ', "title_zh": the headline (title) translated into natural Simplified Chinese news style, names and numbers kept' : '') +
              (translateLead ? ', "summary_zh": the lead (summary) translated into natural Simplified Chinese, names and numbers kept, nothing added' : '') +
              '}.\n' +
              JSON.stringify(f),
          },
        ],
        { json: true, temperature: 0.2, maxTokens: 600 },
      );
      const j = parseModelJson<{ en?: string; zh?: string; title_zh?: unknown; summary_zh?: unknown }>(text, this.log);
      if (j?.en && j?.zh) {
        const chinese = (v: unknown, max: number) => (typeof v === 'string' && /[\u4e00-\u9fff]/.test(v) ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '');
        const title = translate ? chinese(j.title_zh, 300) : '';
        const lead = translateLead ? chinese(j.summary_zh, 600) : '';
        return { en: j.en.trim(), zh: j.zh.trim(), by: 'llm', ...(title ? { title_zh: title } : {}), ...(lead ? { summary_zh: lead } : {}) };
      }
    } catch (e) {
      this.log(`news interpretation by the model failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { ...(await this.builtin.interpret(f)), by: 'builtin' };
  }

  async writeStory(f: StoryFacts, lang: Lang, onThinking: (line: string) => void): Promise<{ title: string; content: string; by?: 'builtin' | 'llm' }> {
    try {
      let content = '';
      let pending = '';
      const language = lang === 'zh-CN' ? 'Simplified Chinese' : 'English';
      for await (const c of this.llm.stream(
        [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Write the story of the day in ${language}: 3 short paragraphs on the day's biggest event from these facts (lead report, other reports, coins with trends, sources). Begin with the window it covers: ${storyCoverage(f, lang)}. Write headlines in ${language} (translate them). Plain text, no title.\n${JSON.stringify(f)}`,
          },
        ],
        { temperature: 0.3, maxTokens: 900 },
      )) {
        if (c.type === 'thinking') {
          pending += c.text;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const l of lines) if (l.trim()) onThinking(l.trim());
        } else content += c.text;
      }
      if (pending.trim()) onThinking(pending.trim());
      if (content.trim()) return { title: storyTitle(f.lead, lang), content: content.trim(), by: 'llm' };
    } catch (e) {
      this.log(`story of the day by the model failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { ...(await this.builtin.writeStory(f, lang, onThinking)), by: 'builtin' };
  }
}
