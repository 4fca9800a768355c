import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AiBasedOn, ChatMessage, Usage } from '@coinlens/contracts';
import { ApiError, errorKey, isCancelled } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Panel, Skeleton } from '../../components/ui';
import { useUpgradePrompt } from '../pricing';
import { askAssistant, useChatHistory } from './chat-api';
import { retryImport } from '../../lib/retry';

interface Turn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: ChatMessage['status'] | 'streaming';
  by: string | null;
  based_on: AiBasedOn | null;
  thinking?: string;
}

// The markdown stack (react-markdown, micromark …) loads with the first answer shown; until then
// the answer shows as plain text.
const ChatMarkdown = lazy(() => retryImport(() => import('./ChatMarkdown')));

function Answer({ turn }: { turn: Turn }) {
  const { t } = useTranslation('ai');
  return (
    <div className="min-w-0 rounded-lg border border-border bg-surface-2/40 px-3 py-2" data-testid="chat-answer" data-status={turn.status}>
      <p className="mb-1 text-[11px] font-semibold text-muted" data-testid="chat-writer">{!turn.by || turn.by === 'builtin' ? t('chat.builtin') : t('chat.model', { model: turn.by })}</p>
      {turn.thinking && turn.status === 'streaming' && !turn.content && <p className="text-[12px] text-muted italic">{t('chat.thinking')}</p>}
      <div className="chat-md text-[13px] leading-relaxed break-words [&_h3]:mt-2 [&_h3]:text-[13px] [&_h3]:font-semibold [&_li]:ml-4 [&_li]:list-disc [&_p]:my-1 [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-2 [&_blockquote]:text-muted [&_em]:text-muted [&_ul_ul]:ml-2">
        <Suspense fallback={<p className="my-1 whitespace-pre-wrap">{turn.content}</p>}>
          <ChatMarkdown>{turn.content}</ChatMarkdown>
        </Suspense>
        {turn.status === 'streaming' && <span className="ml-0.5 inline-block h-3 w-1.5 animate-pulse bg-primary-500 align-middle" aria-hidden="true" />}
      </div>
      {turn.status === 'stopped' && <p className="mt-1 text-[11px] text-muted">{t('chat.stopped')}</p>}
      {turn.status === 'error' && <p className="mt-1 text-[11px] text-down">{t('chat.failed')}</p>}
    </div>
  );
}

/**
 * The per-coin assistant: conversation history, a streamed answer (markdown), a stop button, the
 * daily question quota, a sign-in prompt for visitors and the upgrade prompt when the quota is spent.
 */
export function ChatPanel({ coinId, symbol }: { coinId: string; symbol: string }) {
  const { t, i18n } = useTranslation('ai');
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  const { lang: urlLang = 'en-US' } = useParams();
  const { token } = useSession();
  const history = useChatHistory(coinId);
  const qc = useQueryClient();
  const upgrade = useUpgradePrompt();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const streaming = turns.some((x) => x.status === 'streaming');

  useEffect(() => {
    if (history.data && !abort.current) {
      setTurns(history.data.messages.map((m) => ({ ...m })));
      setUsage(history.data.usage);
    }
  }, [history.data]);
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [turns]);
  useEffect(() => () => abort.current?.abort(), []);
  // expanded: Escape collapses, and the input keeps the focus
  useEffect(() => {
    if (!expanded) return;
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setExpanded(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [expanded]);

  const ask = async (text: string) => {
    const content = text.trim();
    if (!content || streaming) return;
    setError(null);
    setInput('');
    const ac = new AbortController();
    abort.current = ac;
    const qid = `q${Date.now()}`;
    const aid = `a${Date.now()}`;
    setTurns((ts) => [...ts, { id: qid, role: 'user', content, status: 'complete', by: null, based_on: null }, { id: aid, role: 'assistant', content: '', status: 'streaming', by: history.data?.writer ?? null, based_on: null }]);
    const patch = (f: (x: Turn) => Turn) => setTurns((ts) => ts.map((x) => (x.id === aid ? f(x) : x)));
    try {
      await askAssistant(
        coinId,
        content,
        lang,
        (e) => {
          if (e.type === 'delta') patch((x) => ({ ...x, content: x.content + e.text }));
          else if (e.type === 'thinking') patch((x) => ({ ...x, thinking: (x.thinking ?? '') + e.text }));
          else if (e.type === 'done') {
            patch((x) => ({ ...x, status: 'complete', by: e.by, based_on: (e.based_on as AiBasedOn | undefined) ?? null }));
            if (e.usage) setUsage(e.usage);
          } else if (e.type === 'error') patch((x) => ({ ...x, status: 'error' }));
        },
        ac.signal,
      );
      patch((x) => (x.status === 'streaming' ? { ...x, status: 'error' } : x));
    } catch (e) {
      if (isCancelled(e) || ac.signal.aborted) {
        patch((x) => ({ ...x, status: 'stopped' }));
        // A stopped answer never gets its `done` event, which carries the quota; the question was
        // counted when the server accepted it, so the quota shown is read again.
        void api('getUsage', { params: { kind: 'qa_per_day' } }, { navigationScoped: false }).then(setUsage, () => {});
      } else {
        setTurns((ts) => ts.filter((x) => x.id !== aid && x.id !== qid));
        setInput(content);
        if (e instanceof ApiError && e.code === 'CHAT_DAILY_LIMIT_EXCEEDED') {
          setError('ai:chat.limitReached');
          if (usage) setUsage({ ...usage, remaining: 0, used: usage.limit });
          upgrade.handleError(e);
        } else if (!upgrade.handleError(e)) setError(errorKey(e));
      }
    } finally {
      abort.current = null;
      void qc.invalidateQueries({ queryKey: ['users', 'usage', 'qa_per_day'] });
    }
  };
  const stop = () => abort.current?.abort();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(input);
  };

  const actions = (
    <div className="flex items-center gap-2">
      {usage && (
        <span className="text-[11px] text-muted" data-testid="chat-quota">
          {t('chat.quota', { remaining: usage.remaining, limit: usage.limit })}
        </span>
      )}
      {token && (
        <button
          type="button"
          onClick={() => setExpanded((x) => !x)}
          aria-expanded={expanded}
          className="inline-flex items-center gap-1 rounded border border-border px-1.5 py-0.5 text-[11px] text-muted hover:bg-surface-2 hover:text-fg"
          data-testid="chat-expand"
        >
          <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {expanded ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" strokeLinecap="round" strokeLinejoin="round" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />}
          </svg>
          {expanded ? t('chat.collapse') : t('chat.expand')}
        </button>
      )}
    </div>
  );

  return (
    <>
      {/* expanded: a wide sheet on the right (full screen on a phone) over a dimmed page */}
      {expanded && <div className="fixed inset-0 z-40 bg-black/40" onClick={() => setExpanded(false)} aria-hidden="true" data-testid="chat-backdrop" />}
      <Panel
        title={t('chat.title', { symbol })}
        actions={actions}
        className={expanded ? 'fixed inset-y-0 right-0 z-50 flex w-full max-w-[800px] flex-col rounded-none shadow-2xl sm:rounded-l-lg' : ''}
        avoidBackToTop
      >
        <div className={`flex flex-col gap-2 px-3 py-3 ${expanded ? 'min-h-0 flex-1' : ''}`} data-testid="chat-panel" data-expanded={expanded || undefined}>
          {!token ? (
            <div className="space-y-2 py-4 text-center text-[13px]" data-testid="chat-sign-in">
              <p className="text-muted">{t('chat.signIn', { symbol })}</p>
              <div className="flex justify-center gap-2">
                <Link to={`/${urlLang}/login`} className="rounded-md bg-primary-600 px-3 py-1.5 font-medium text-white hover:bg-primary-700">
                  {t('chat.signInButton')}
                </Link>
                <Link to={`/${urlLang}/register`} className="rounded-md border border-border px-3 py-1.5 hover:bg-surface-2">
                  {t('chat.register')}
                </Link>
              </div>
            </div>
          ) : history.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <>
              <div ref={listRef} className={`flex min-h-[120px] flex-col gap-2 overflow-y-auto ${expanded ? 'flex-1' : 'max-h-[520px]'}`} data-testid="chat-messages" aria-live="polite">
                {turns.length === 0 && (
                  <div className="space-y-2 text-[12px] text-muted">
                    <p>{t('chat.empty', { symbol })}</p>
                    <div className="flex flex-col gap-1">
                      {(['support', 'news', 'signals'] as const).map((k) => (
                        <button key={k} type="button" onClick={() => void ask(t(`chat.examples.${k}`))} className="rounded border border-border px-2 py-1 text-left hover:bg-surface-2">
                          {t(`chat.examples.${k}`)}
                        </button>
                      ))}
                    </div>
                  </div>
                )}
                {turns.map((x) =>
                  x.role === 'user' ? (
                    <p key={x.id} className="ml-6 self-end rounded-lg bg-primary-600 px-3 py-1.5 text-[13px] break-words text-white" data-testid="chat-question">
                      <span className="sr-only">{t('chat.you')}: </span>
                      {x.content}
                    </p>
                  ) : (
                    <Answer key={x.id} turn={x} />
                  ),
                )}
              </div>
              {error && <p className="text-[12px] text-down" data-testid="chat-error">{t(error, { ns: 'errors' })}</p>}
              <form onSubmit={submit} className="flex gap-2">
                <label className="sr-only" htmlFor={`chat-input-${symbol}`}>
                  {t('chat.placeholder')}
                </label>
                <input
                  ref={inputRef}
                  id={`chat-input-${symbol}`}
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                  maxLength={1000}
                  placeholder={t('chat.placeholder')}
                  className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2.5 py-1.5 text-[13px] outline-none focus:border-primary-500"
                  data-testid="chat-input"
                />
                {streaming ? (
                  <button type="button" onClick={stop} className="rounded-md border border-border px-3 py-1.5 text-[13px] font-medium hover:bg-surface-2" data-testid="chat-stop">
                    {t('chat.stop')}
                  </button>
                ) : (
                  <button type="submit" disabled={!input.trim()} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50" data-testid="chat-send">
                    {t('chat.send')}
                  </button>
                )}
              </form>
            </>
          )}
        </div>
        {upgrade.dialog}
      </Panel>
    </>
  );
}
