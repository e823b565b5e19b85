import os from 'node:os';

// What the benchmarks of this folder print alike.

/** The value below which `fraction` of `values` fall (nearest rank); NaN for none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The Node version and the processors, which every figure depends on. */
export function describeMachine(): string {
  return `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'})`;
}
