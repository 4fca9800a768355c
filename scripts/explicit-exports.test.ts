import { describe, expect, it } from 'vitest';
import { filesWithStarExports } from './explicit-exports';

describe('package entry points', () => {
  it('list their exports explicitly: no `export *` in packages/*/src (run `npx tsx scripts/explicit-exports.ts`)', () => {
    expect(filesWithStarExports()).toEqual([]);
  });
});
