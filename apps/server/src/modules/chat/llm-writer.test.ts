import { describe, expect, it } from 'vitest';
import { SourcesLineFilter } from './llm-writer';

/** Feeds `text` to a filter in pieces of `n` characters, as a model streams it. */
function run(text: string, n: number): string {
  const f = new SourcesLineFilter();
  let out = '';
  for (let i = 0; i < text.length; i += n) out += f.push(text.slice(i, i + n));
  return out + f.end();
}

describe('SourcesLineFilter: the model’s own sources lines are dropped, everything else streams through', () => {
  const answer = 'Nearest 1d support is 96,800 USDT.\n\n- **Support (1d)**: 96,800\n- **Data quality**: fine\n\nSources: 1d candle closed 16 May\n**Data:** candles\n数据来源：日线 K 线\nDatabase note stays\n';
  it.each([1, 3, 7, 1000])('in pieces of %i characters', (n) => {
    expect(run(answer, n)).toBe('Nearest 1d support is 96,800 USDT.\n\n- **Support (1d)**: 96,800\n- **Data quality**: fine\n\nDatabase note stays\n');
  });
  it('streams an ordinary line as soon as it cannot be a sources line', () => {
    const f = new SourcesLineFilter();
    expect(f.push('Nea')).toBe('Nea');
    expect(f.push('rest')).toBe('rest');
    expect(f.push('\nSour')).toBe('\n');
    expect(f.push('ces: x')).toBe('');
    expect(f.end()).toBe('');
  });
  it('keeps a last line without a newline unless it is a sources line', () => {
    expect(run('Answer.\nSources: x', 2)).toBe('Answer.\n');
    expect(run('Answer.\nSource of truth', 2)).toBe('Answer.\nSource of truth');
  });
});
