import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bootData, type Bundle } from '../boot-plugin';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chunk = (fileName: string, src: string | null, imports: string[] = []) => ({ type: 'chunk', fileName, facadeModuleId: src && path.join(webDir, 'src', src), imports });

describe('boot preloads of the built app', () => {
  it('preload the coin page’s chart library with the page: the chart is its first content', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', 'main.tsx', ['assets/framework.js']),
        chunk('assets/framework.js', null),
        chunk('assets/HomePage.js', 'features/home/HomePage.tsx', ['assets/framework.js']),
        chunk('assets/CoinPage.js', 'features/coin/CoinPage.tsx', ['assets/framework.js', 'assets/coin-shared.js']),
        chunk('assets/coin-shared.js', null),
        chunk('assets/KlineChart.js', 'components/charts/KlineChart.tsx', ['assets/lightweight-charts.js', 'assets/coin-shared.js']),
        chunk('assets/lightweight-charts.js', null),
      ].map((c) => [c.fileName, c]),
    ) as unknown as Bundle;
    const data = bootData(bundle, webDir, ['en-US'], '/assets/index.js', ['/assets/framework.js'], () => undefined);
    const coin = data.routes.find(([p]) => p === 'crypto/:id');
    const home = data.routes.find(([p]) => p === 'home');
    expect(coin?.[1]).toEqual(['/assets/CoinPage.js', '/assets/coin-shared.js', '/assets/KlineChart.js', '/assets/lightweight-charts.js']);
    expect(home?.[1]).toEqual(['/assets/HomePage.js']);
  });
});
