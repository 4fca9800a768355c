/**
 * Event study statistics: the mean move of a coin after news of one event type, with a 95 %
 * confidence interval for that mean (Student's t, two-sided): mean ± t(0.975, n − 1) · s / √n,
 * s = sample standard deviation. Moves are in percent.
 */

/** t(0.975, df) for df = 1..30; larger df use the normal 1.96 (error < 0.05 from df 30 on). */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

/** Two-sided 95 % Student t quantile for `df` degrees of freedom (df ≥ 1). */
export function t975(df: number): number {
  if (!(df >= 1)) return NaN;
  return df <= 30 ? T975[Math.floor(df) - 1] : 1.96;
}

/**
 * 95 % interval [low, high] of the mean move from `mean`, sample standard deviation `sd` and sample
 * size `n` (percent in, percent out); null when n < 2 or sd is not finite.
 */
export function meanInterval95(mean: number, sd: number | null, n: number): [number, number] | null {
  if (n < 2 || sd == null || !Number.isFinite(sd) || !Number.isFinite(mean)) return null;
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return [mean - half, mean + half];
}
