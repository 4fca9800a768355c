/**
 * Small hand-written financial polarity lexicon (market-news English), used as extra classifier
 * features so that rare inflections ("obliterated", "plummeted") share one learnt weight.
 * Entries ending in `*` match any token with that prefix; others match the token exactly or with a
 * regular suffix (s, es, ed, d, ing). Written for this project; no external lexicon was copied.
 */

const POSITIVE = `
soar* surg* jump* rall* gain* climb* boost* beat beats upgrad* outperform* bullish bull bulls
rebound* recover* optimis* upbeat exceed* tops topped raise raises raised hike hikes approv*
expand* expansion accelerat* breakout breakouts rocket* skyrocket* spike spikes spiked boom*
advance advances advanced improv* impress* surpass* overweight attractive strong stronger strongest
strength strengthen* record-high all-time upside higher highs buyback* repurchas* partnership*
inflow* accumulat* adopt* outpac* robust solid win wins won profit profits profitable lift lifts
lifted upswing uptrend bottomed beat-and-raise green rallies positive best buy buys buying
record doubl* tripl* encourag* tailwind* outperformer bullishness upgrades upgraded breakthrough*
`;

const NEGATIVE = `
plung* plummet* tumbl* slump* fall falls falling fell drop dropped dropping drops declin* sink sinks
sank slid slide slides sliding crash* collaps* loss losses lose loses losing lost miss misses missed
cut cuts cutting slash* downgrad* underperform* bearish bear bears weak weaker weakest weaken*
warn* fear* concern* recession* layoff* lawsuit* sue sues sued probe probes investigat* fraud*
scandal* halt* suspend* delay* default* bankrupt* downside selloff sell-off sell-offs dump* drag*
hurt* pressure* worst lower lows down negative disappoint* struggl* shortage* glut obliterat*
tank tanks tanked crater* shed sheds erase* wipe* sour sours soured worri* woe woes slowdown*
shrink* penalt* hack hacks hacked hacker* exploit* outflow* liquidat* delist* ban bans banned
crackdown reject* deny denies denied lag lags lagging underweight cautious uncertain* volatil*
turmoil panic* crisis shutdown* closure* abandon* cancel* downturn* slip slips slipped weigh weighs
weighed short shorts shorting puts tumbles plunge slashes
dip dips dipped slam slams slammed bite bites curb curbs idle headwind* shortfall* subpoena* recall*
resign* downtrend bleak grim gloom* jitter* lawsuit
`;

function build(list: string): { exact: Set<string>; prefixes: string[] } {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const w of list.split(/\s+/).filter(Boolean)) {
    if (w.endsWith('*')) prefixes.push(w.slice(0, -1));
    else exact.add(w);
  }
  return { exact, prefixes };
}

const POS = build(POSITIVE);
const NEG = build(NEGATIVE);
const SUFFIX = /^(.+?)(?:s|es|ed|d|ing)$/;

function inLex(lex: { exact: Set<string>; prefixes: string[] }, token: string): boolean {
  if (lex.exact.has(token)) return true;
  const m = SUFFIX.exec(token);
  if (m && lex.exact.has(m[1])) return true;
  for (const p of lex.prefixes) if (token.startsWith(p)) return true;
  return false;
}

/** Polarity of one lower-case token: 1 positive, -1 negative, 0 not in the lexicon. */
export function lexiconPolarity(token: string): 1 | -1 | 0 {
  if (token.length < 3) return 0;
  if (inLex(NEG, token)) return -1;
  if (inLex(POS, token)) return 1;
  return 0;
}
