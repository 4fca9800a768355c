/**
 * Language detection for news text: 'zh' when Chinese characters are at least 20 % of the text's
 * "words" (each CJK ideograph counts as one, Latin letters count 1/5 each), else 'en'. Empty text → 'en'.
 */
export function detectLanguage(text: string): 'en' | 'zh' {
  const cjk = (text.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g) ?? []).length;
  if (cjk === 0) return 'en';
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  // a Chinese character carries roughly a word; compare against Latin words rather than letters
  return cjk / (cjk + latin / 5) >= 0.2 ? 'zh' : 'en';
}
