/**
 * Language detection for news text: 'zh' when Chinese makes up at least 30 % of the text's
 * approximate words (2 CJK ideographs ≈ 1 word, 5 Latin letters ≈ 1 word), else 'en'. Empty → 'en'.
 */
export function detectLanguage(text: string): 'en' | 'zh' {
  const cjk = (text.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g) ?? []).length;
  if (cjk === 0) return 'en';
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  // compare approximate word counts: ~2 ideographs per Chinese word, ~5 letters per English word
  const zhWords = cjk / 2;
  return zhWords / (zhWords + latin / 5) >= 0.3 ? 'zh' : 'en';
}
