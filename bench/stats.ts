export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(1)} ms · p99 ${percentile(values, 99).toFixed(1)} ms · n=${values.length}`;
}
