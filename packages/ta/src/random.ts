/**
 * mulberry32: a small seeded PRNG. `seed`: any number (its low 32 bits are used); returns a function
 * yielding floats in [0, 1), the same sequence for the same seed, so bootstraps and sampled tests
 * repeat to the digit.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
