/** Timing helpers of the database benches: each query run `times` in a row, p50 and p99 of the runs. */

export const ms = (n: number) => `${n.toFixed(2)} ms`;

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function timeQueries(run: () => Promise<unknown>, times: number) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 0.5), p99: percentile(took, 0.99) };
}
