import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertChannel, AlertRule, AlertRuleParams, AlertStrategy } from '@coinlens/contracts/alerts/rules';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { errorKey } from '../../lib/api';
import { formatDateTimeUtc, formatPrice } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useAlertChannels, useAlertStrategies, useCreateAlertRule, usePushDevices, useTelegram, useUpdateAlertRule } from './alerts-api';
import { useCoinName } from '../../lib/coin-name';

/**
 * Whether this browser is subscribed to push for this account (its endpoint is in the user's device
 * list; null while unknown): the push code is imported on demand, so it adds nothing to the pages
 * that show the dialog.
 */
function useSubscribedHere(): boolean | null {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const devices = usePushDevices();
  useEffect(() => {
    let live = true;
    void import('./push-client').then((m) => m.readPushState()).then((s) => live && setEndpoint(s.kind === 'enabled' ? s.endpoint : null), () => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, []);
  if (endpoint === undefined) return null;
  if (endpoint === null) return false;
  return devices.data ? devices.data.some((d) => d.endpoint === endpoint) : null;
}

type Kind = 'price_cross' | 'price_move' | 'signal' | 'news' | 'strategy';
type Channel = AlertChannel;

/**
 * What the dialog starts from: a coin (and its price), a signal of a card, a strategy of a strategy
 * card (`strategy`: the id of its stored record), or a stored rule to edit. Without a coin (the
 * Alerts page) it offers the watchlist kinds (signal, news) and the user's strategies.
 */
export interface AlertDraft {
  coin?: { slug: string; symbol: string; name: string };
  price?: number | null;
  kind?: Kind;
  signal?: { label: string; timeframe: '5m' | '1h' | '1d'; direction: 'bullish' | 'bearish' | 'neutral' };
  strategy?: { id: number };
  edit?: AlertRule;
}

/** One line naming a strategy in a list: coin, term and timeframe, bias, creation time. */
export function strategyOptionLabel(t: (k: string, o?: Record<string, unknown>) => string, s: AlertStrategy, lang: string): string {
  return t('dialog.strategyOption', { symbol: s.coin.symbol, term: t(`term.${s.term}`), timeframe: s.timeframe, bias: t(`bias.${s.bias}`), date: formatDateTimeUtc(s.created_at, lang) });
}

const input =
  'h-9 w-full rounded-md border border-border bg-surface px-2.5 text-[14px] text-fg focus-visible:outline-2 focus-visible:outline-primary-500 aria-[invalid=true]:border-down';
const label = 'block text-[13px] font-medium text-fg';

/** A labelled select of the dialog over fixed `options`, each shown as `optionLabel(option)`. */
function ChoiceField<T extends string>({ id, label: text, value, onChange, options, optionLabel, testId }: { id: string; label: string; value: T; onChange: (value: T) => void; options: readonly T[]; optionLabel: (option: T) => string; testId?: string }) {
  return (
    <div>
      <label htmlFor={id} className={label}>{text}</label>
      <select id={id} className={input} value={value} onChange={(e) => onChange(e.target.value as T)} data-testid={testId}>
        {options.map((o) => (
          <option key={o} value={o}>{optionLabel(o)}</option>
        ))}
      </select>
    </div>
  );
}

/**
 * A labelled text input of the dialog with its validation message: `error` (already translated)
 * marks the input invalid and is read out with it (aria-describedby `${id}-err`).
 */
function TextField({ id, label: text, inputMode, value, onChange, error, testId }: { id: string; label: string; inputMode: 'decimal' | 'numeric'; value: string; onChange: (value: string) => void; error?: string; testId: string }) {
  return (
    <div>
      <label htmlFor={id} className={label}>{text}</label>
      <input id={id} inputMode={inputMode} className={input} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} data-testid={testId} />
      {error && <p id={`${id}-err`} className="mt-1 text-[12px] text-down">{error}</p>}
    </div>
  );
}

/** Rounds a price to a readable default level (4 significant digits). */
function roundLevel(p: number): string {
  return String(Number(p.toPrecision(p >= 1 ? 6 : 4)));
}

/**
 * Create-or-edit dialog of an alert rule: price crosses a level, price moves ±X % within a
 * window, a signal fires (pattern or any, timeframe, direction, only patterns with a measurable
 * edge), news about the coin or the watchlist (minimum importance in the news pages' four levels,
 * direction), or one of the user's strategies reaches its target, its invalidation or either;
 * channels besides the notification centre (e-mail, webhooks, Telegram, Web Push; a channel the
 * server has not configured is disabled with the reason, Telegram also before a chat is linked and
 * push until this browser is subscribed — a checked one can still be unchecked). Fields are checked
 * before sending; a refused request
 * shows the translated error (e.g. the plan's limit of active rules).
 */
export function CreateAlertDialog({ open, onClose, draft }: { open: boolean; onClose: () => void; draft: AlertDraft }) {
  if (!open) return null;
  return <AlertForm onClose={onClose} draft={draft} />;
}

function AlertForm({ onClose, draft }: { onClose: () => void; draft: AlertDraft }) {
  const { t, i18n } = useTranslation('alerts');
  const coinName = useCoinName();
  const er = draft.edit?.rule;
  const coin = draft.coin ?? (draft.edit?.coin ? { slug: draft.edit.coin.slug, symbol: draft.edit.coin.symbol, name: draft.edit.coin.name } : undefined);
  const [kind, setKind] = useState<Kind>((er?.kind as Kind | undefined) ?? draft.kind ?? (draft.signal ? 'signal' : draft.strategy ? 'strategy' : 'price_cross'));
  const [level, setLevel] = useState(er?.kind === 'price_cross' ? String(er.level) : draft.price ? roundLevel(draft.price) : '');
  const [crossDir, setCrossDir] = useState<'up' | 'down' | 'any'>(er?.kind === 'price_cross' ? er.direction : 'any');
  const [percent, setPercent] = useState(er?.kind === 'price_move' ? String(er.percent) : '2');
  const [windowMin, setWindowMin] = useState(er?.kind === 'price_move' ? String(er.window_minutes) : '60');
  const [moveDir, setMoveDir] = useState<'up' | 'down' | 'any'>(er?.kind === 'price_move' ? er.direction : 'any');
  const [pattern, setPattern] = useState(er?.kind === 'signal' ? er.pattern : draft.signal?.label ?? 'any');
  const [timeframe, setTimeframe] = useState<'5m' | '1h' | '1d'>(er?.kind === 'signal' ? er.timeframe : draft.signal?.timeframe ?? '1h');
  const [sigDir, setSigDir] = useState<'bullish' | 'bearish' | 'any'>(er?.kind === 'signal' ? er.direction : draft.signal && draft.signal.direction !== 'neutral' ? draft.signal.direction : 'any');
  const [edgeOnly, setEdgeOnly] = useState(er?.kind === 'signal' ? er.edge_only : false);
  const [scope, setScope] = useState<'coin' | 'watchlist'>((er?.kind === 'signal' || er?.kind === 'news') && !er.coin ? 'watchlist' : coin ? 'coin' : 'watchlist');
  const [minImportance, setMinImportance] = useState(er?.kind === 'news' ? Math.min(4, er.min_importance) : 3);
  const [newsDir, setNewsDir] = useState<'bullish' | 'bearish' | 'any'>(er?.kind === 'news' ? er.direction : 'any');
  const [strategyId, setStrategyId] = useState<number | null>(er?.kind === 'strategy' ? er.strategy_id : draft.strategy?.id ?? null);
  const [on, setOn] = useState<'target' | 'invalidation' | 'both'>(er?.kind === 'strategy' ? er.on : 'both');
  // a strategy card's alert lists that coin's strategies; the Alerts page every strategy of the user
  const strategies = useAlertStrategies(draft.strategy ? coin?.slug : undefined, kind === 'strategy');
  const strategyList = strategies.data?.items ?? [];
  const [channels, setChannels] = useState<Channel[]>(draft.edit?.channels ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ch = useAlertChannels();
  const tg = useTelegram();
  const { lang: routeLang = 'en-US' } = useParams();
  const subscribedHere = useSubscribedHere();
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const pending = create.isPending || update.isPending;

  const build = (): AlertRuleParams | null => {
    const e: Record<string, string> = {};
    let rule: AlertRuleParams | null = null;
    if (kind === 'price_cross') {
      const v = Number(level);
      if (!(v > 0) || !Number.isFinite(v)) e.level = t('errors.level');
      if (coin) rule = { kind, coin: coin.slug, level: v, direction: crossDir, repeat: false };
    } else if (kind === 'price_move') {
      const p = Number(percent);
      const w = Number(windowMin);
      if (!(p > 0 && p <= 1000)) e.percent = t('errors.percent');
      if (!(Number.isInteger(w) && w >= 5 && w <= 10_080)) e.window = t('errors.window');
      if (coin) rule = { kind, coin: coin.slug, percent: p, window_minutes: w, direction: moveDir };
    } else if (kind === 'signal') {
      rule = { kind: 'signal', ...(scope === 'coin' && coin ? { coin: coin.slug } : {}), pattern: pattern || 'any', timeframe, direction: sigDir, edge_only: edgeOnly };
    } else if (kind === 'news') {
      rule = { kind: 'news', ...(scope === 'coin' && coin ? { coin: coin.slug } : {}), min_importance: minImportance, direction: newsDir };
    } else {
      if (strategyId == null) e.strategy = t('errors.strategy');
      else rule = { kind: 'strategy', strategy_id: strategyId, on };
    }
    if (!coin && (kind === 'price_cross' || kind === 'price_move')) e.coin = t('errors.coin');
    setErrors(e);
    return Object.keys(e).length ? null : rule;
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const rule = build();
    if (!rule) return;
    const done = {
      onSuccess: () => {
        showToast({ kind: 'success', messageKey: draft.edit ? 'alerts:dialog.saved' : 'alerts:dialog.created' });
        onClose();
      },
      onError: (e: unknown) => showToast({ kind: 'error', messageKey: errorKey(e) }),
    };
    if (draft.edit) update.mutate({ id: draft.edit.id, rule, channels }, done);
    else create.mutate({ rule, channels }, done);
  };

  /** The server's state of a channel; push is off here too while this browser is not subscribed (reason `push_device`). */
  const channelInfo = (c: Channel) => {
    const info = ch.data?.channels.find((x) => x.channel === (c === 'push' ? 'web_push' : c));
    if (c !== 'push' || !info?.enabled || subscribedHere !== false) return info;
    return { ...info, enabled: false, reason: 'push_device' };
  };
  const toggle = (c: Channel) => setChannels((cur) => (cur.includes(c) ? cur.filter((x) => x !== c) : [...cur, c]));
  const kinds: Kind[] = draft.edit ? [kind] : coin ? ['price_cross', 'price_move', 'signal', 'news', ...(draft.strategy ? (['strategy'] as const) : [])] : ['signal', 'news', 'strategy'];
  const lang = i18n.language;
  const chosen = strategyList.find((x) => x.id === strategyId) ?? (er?.kind === 'strategy' ? draft.edit?.strategy ?? undefined : undefined);

  return (
    <Dialog
      open
      onClose={onClose}
      title={draft.edit ? t('dialog.editTitle') : coin ? t('dialog.title', { symbol: coin.symbol }) : t('dialog.titleAlerts')}
      width="28rem"
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded-md border border-border px-3 py-1.5 text-[13px]" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" form="alert-form" disabled={pending} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-60" data-testid="alert-save">
            {pending ? t('dialog.saving') : draft.edit ? t('dialog.save') : t('dialog.create')}
          </button>
        </div>
      }
    >
      <form id="alert-form" onSubmit={submit} noValidate className="space-y-4" data-testid="alert-form">
        <fieldset>
          <legend className={label}>{t('dialog.kind')}</legend>
          <div className="mt-1.5 flex flex-wrap gap-2" role="radiogroup">
            {kinds.map((k) => (
              <label key={k} className={`inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-[13px] ${kind === k ? 'border-primary-500 bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300' : 'border-border'}`}>
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-primary-600" data-testid={`alert-kind-${k}`} {...(k === kinds[0] ? { 'data-autofocus': true } : {})} />
                {t(`kinds.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {kind === 'price_cross' && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField id="alert-level" label={t('dialog.level')} inputMode="decimal" value={level} onChange={setLevel} error={errors.level} testId="alert-level" />
            <ChoiceField id="alert-cross-dir" label={t('dialog.direction')} value={crossDir} onChange={setCrossDir} options={['any', 'up', 'down'] as const} optionLabel={(o) => t(`dir.${o}`)} testId="alert-cross-direction" />
          </div>
        )}

        {kind === 'price_move' && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <TextField id="alert-percent" label={t('dialog.percent')} inputMode="decimal" value={percent} onChange={setPercent} error={errors.percent} testId="alert-percent" />
            <TextField id="alert-window" label={t('dialog.window')} inputMode="numeric" value={windowMin} onChange={setWindowMin} error={errors.window} testId="alert-window" />
            <ChoiceField id="alert-move-dir" label={t('dialog.direction')} value={moveDir} onChange={setMoveDir} options={['any', 'up', 'down'] as const} optionLabel={(o) => t(`dir.${o}`)} />
          </div>
        )}

        {kind === 'signal' && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {coin && (
              <div className="sm:col-span-2">
                <label htmlFor="alert-scope" className={label}>{t('dialog.scope')}</label>
                <select id="alert-scope" className={input} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
                  <option value="coin">{coinName(coin)}</option>
                  <option value="watchlist">{t('dialog.watchlist')}</option>
                </select>
              </div>
            )}
            <div>
              <label htmlFor="alert-pattern" className={label}>{t('dialog.pattern')}</label>
              <select id="alert-pattern" className={input} value={pattern} onChange={(e) => setPattern(e.target.value)} data-testid="alert-pattern">
                <option value="any">{t('dialog.anyPattern')}</option>
                {draft.signal && draft.signal.label !== 'any' && <option value={draft.signal.label}>{draft.signal.label.replace(/_/g, ' ')}</option>}
                {er?.kind === 'signal' && er.pattern !== 'any' && er.pattern !== draft.signal?.label && <option value={er.pattern}>{er.pattern.replace(/_/g, ' ')}</option>}
              </select>
            </div>
            <div>
              <label htmlFor="alert-tf" className={label}>{t('dialog.timeframe')}</label>
              <select id="alert-tf" className={input} value={timeframe} onChange={(e) => setTimeframe(e.target.value as typeof timeframe)} data-testid="alert-timeframe">
                <option value="5m">5m</option>
                <option value="1h">1h</option>
                <option value="1d">1d</option>
              </select>
            </div>
            <ChoiceField id="alert-sig-dir" label={t('dialog.direction')} value={sigDir} onChange={setSigDir} options={['any', 'bullish', 'bearish'] as const} optionLabel={(o) => t(`dir.${o}`)} />
            <label className="flex items-center gap-2 self-end text-[13px]">
              <input type="checkbox" checked={edgeOnly} onChange={(e) => setEdgeOnly(e.target.checked)} className="accent-primary-600" data-testid="alert-edge-only" />
              {t('dialog.edgeOnly')}
            </label>
          </div>
        )}
        {kind === 'news' && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {coin && (
              <div className="sm:col-span-2">
                <label htmlFor="alert-news-scope" className={label}>{t('dialog.scope')}</label>
                <select id="alert-news-scope" className={input} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)} data-testid="alert-news-scope">
                  <option value="coin">{coinName(coin)}</option>
                  <option value="watchlist">{t('dialog.watchlist')}</option>
                </select>
              </div>
            )}
            <div>
              <label htmlFor="alert-importance" className={label}>{t('dialog.importance')}</label>
              <select id="alert-importance" className={input} value={minImportance} onChange={(e) => setMinImportance(Number(e.target.value))} data-testid="alert-importance">
                {[1, 2, 3, 4].map((v) => (
                  <option key={v} value={v}>{t(`importance.${v}`)}</option>
                ))}
              </select>
            </div>
            <ChoiceField id="alert-news-dir" label={t('dialog.direction')} value={newsDir} onChange={setNewsDir} options={['any', 'bullish', 'bearish'] as const} optionLabel={(o) => t(`newsDir.${o}`)} testId="alert-news-direction" />
          </div>
        )}

        {kind === 'strategy' && (
          <div className="space-y-3">
            {strategies.isLoading ? (
              <div className="h-9 animate-pulse rounded-md bg-surface-2" aria-busy="true" />
            ) : !strategyList.length && !chosen ? (
              <p className="text-[13px] text-muted" data-testid="alert-no-strategies">{t('dialog.noStrategies')}</p>
            ) : (
              <div>
                <label htmlFor="alert-strategy" className={label}>{t('dialog.strategy')}</label>
                <select id="alert-strategy" className={input} value={strategyId ?? ''} onChange={(e) => setStrategyId(e.target.value ? Number(e.target.value) : null)} aria-invalid={!!errors.strategy} aria-describedby={errors.strategy ? 'alert-strategy-err' : undefined} data-testid="alert-strategy">
                  <option value="">—</option>
                  {(chosen && !strategyList.some((x) => x.id === chosen.id) ? [chosen, ...strategyList] : strategyList).map((x) => (
                    <option key={x.id} value={x.id}>{strategyOptionLabel(t, x, lang)}</option>
                  ))}
                </select>
                {chosen && (
                  <p className="mt-1 text-[12px] text-muted" data-testid="alert-strategy-levels">
                    {t('dialog.strategyLevels', { entry: `${formatPrice(chosen.entry_low)}–${formatPrice(chosen.entry_high)}`, target: chosen.target == null ? '—' : formatPrice(chosen.target), invalidation: formatPrice(chosen.invalidation), due: formatDateTimeUtc(chosen.due_at, lang) })}
                  </p>
                )}
              </div>
            )}
            {errors.strategy && <p id="alert-strategy-err" className="text-[12px] text-down">{errors.strategy}</p>}
            <fieldset>
              <legend className={label}>{t('dialog.on')}</legend>
              <div className="mt-1.5 flex flex-wrap gap-2" role="radiogroup">
                {(['target', 'invalidation', 'both'] as const).map((o) => (
                  <label key={o} className={`inline-flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-[13px] ${on === o ? 'border-primary-500 bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300' : 'border-border'}`}>
                    <input type="radio" name="alert-on" value={o} checked={on === o} onChange={() => setOn(o)} className="accent-primary-600" data-testid={`alert-on-${o}`} />
                    {t(`on.${o}`)}
                  </label>
                ))}
              </div>
              <p className="mt-1 text-[12px] text-muted">{t('dialog.strategyHint')}</p>
            </fieldset>
          </div>
        )}
        {errors.coin && <p className="text-[12px] text-down">{errors.coin}</p>}

        <fieldset>
          <legend className={label}>{t('dialog.channels')}</legend>
          <p className="mt-0.5 text-[12px] text-muted">{t('dialog.inAppAlways')}</p>
          <div className="mt-1.5 space-y-1.5">
            {(['email', 'webhook', 'telegram', 'push'] as const).map((c) => {
              const info = channelInfo(c);
              // Telegram also needs a linked chat (the Alerts page links one).
              const notLinked = c === 'telegram' && !!info?.enabled && !!tg.data && !tg.data.linked;
              const off = (info ? !info.enabled : c === 'push') || notLinked;
              const checked = channels.includes(c);
              return (
                <div key={c} className={`flex items-start gap-2 text-[13px] ${off && !checked ? 'opacity-60' : ''}`}>
                  <input id={`alert-channel-${c}`} type="checkbox" checked={checked} disabled={off && !checked} onChange={() => toggle(c)} className="mt-0.5 accent-primary-600" aria-describedby={info?.reason || notLinked ? `alert-channel-${c}-why` : undefined} data-testid={`alert-channel-${c}`} />
                  <span>
                    <label htmlFor={`alert-channel-${c}`}>
                      {t(`channels.${c}`)}
                      {c === 'telegram' && tg.data?.linked?.username && <span className="text-muted"> · @{tg.data.linked.username}</span>}
                    </label>
                    {info?.reason ? (
                      <span id={`alert-channel-${c}-why`} className="block text-[12px] text-muted">{t(`channelReasons.${info.reason}`)}</span>
                    ) : notLinked ? (
                      <span id={`alert-channel-${c}-why`} className="block text-[12px] text-muted">
                        {t('channelReasons.not_linked')}{' '}
                        <Link to={`/${routeLang}/alerts`} onClick={onClose} className="text-primary-600 hover:underline dark:text-primary-400">{t('telegram.connect')}</Link>
                      </span>
                    ) : null}
                  </span>
                </div>
              );
            })}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
