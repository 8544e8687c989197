/**
 * What the streaming benches (exports, OData feed, XLSX writers) measure alike: the process's peak
 * memory above its baseline while a run streams, and the median of the runs.
 */

export const mb = (bytes: number) => bytes / 1024 / 1024;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Samples the process's memory every 20 ms from now (after a GC when node runs with --expose-gc, for a
 * steady baseline) until `stop`, which answers the peak growth above the baseline in MB.
 */
export function samplePeakMemory() {
  globalThis.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  return {
    stop() {
      clearInterval(sampler);
      return {
        peakRssGrowthMb: mb(peakRss - baseline.rss),
        peakHeapGrowthMb: mb(peakHeap - baseline.heapUsed),
      };
    },
  };
}
