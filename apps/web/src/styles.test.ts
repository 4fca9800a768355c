import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8');

/** Property names set inside each `@keyframes` block of a stylesheet. */
function animatedProperties(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of text.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g)) {
    out.set(m[1], new Set([...m[2].matchAll(/([a-z-]+)\s*:/g)].map((p) => p[1])));
  }
  return out;
}

describe('the stylesheet’s animations', () => {
  it('animate only what the compositor runs (transform, opacity): the shimmer of loading placeholders and the flash of live prices do not repaint on the main thread', () => {
    const keyframes = animatedProperties(css);
    expect(keyframes.size).toBeGreaterThan(0);
    for (const [name, props] of keyframes) expect({ name, props: [...props].filter((p) => p !== 'transform' && p !== 'opacity') }).toEqual({ name, props: [] });
  });
});
