import { describe, expect, it } from 'vitest';
import { placeCountLabels } from './CalibrationView';

describe('reliability chart count labels', () => {
  it('never draws two labels over each other: a crowded one goes below its point, or is left out', () => {
    // three points close together at the top right (the 80–100 % bins), one far away
    const pts = [{ x: 60, y: 180, n: 40 }, { x: 180, y: 40, n: 1312 }, { x: 184, y: 38, n: 1331 }, { x: 188, y: 36, n: 905 }];
    const placed = placeCountLabels(pts);
    expect(placed[0]).toEqual({ x: 60, y: 172 });
    expect(placed[1]).toEqual({ x: 180, y: 32 });
    expect(placed[2]).toEqual({ x: 184, y: 52 });
    expect(placed[3]).toBeNull();
    const shown = placed.map((p, i) => (p ? { ...p, w: 5 * String(pts[i].n).length } : null)).filter((p): p is { x: number; y: number; w: number } => p !== null);
    for (let a = 0; a < shown.length; a++)
      for (let b = a + 1; b < shown.length; b++) {
        const overlapX = Math.abs(shown[a].x - shown[b].x) * 2 < shown[a].w + shown[b].w + 2;
        const overlapY = Math.abs(shown[a].y - shown[b].y) < 10;
        expect(overlapX && overlapY).toBe(false);
      }
  });
});
