/**
 * The admin's export under `pnpm bench:admin`: every product as CSV, read from the handler's
 * stream in this process, timing the first byte and sampling the process's memory while it
 * runs (budgets of issue 45: first byte within a second, memory growing by under 50 MB).
 */
import type { Admin } from "@viewsets/admin";
import type { ApiRequest } from "@viewsets/core";

export interface ExportMeasure {
  readonly label: string;
  readonly rows: number;
  readonly firstByteMs: number;
  readonly totalMs: number;
  /** The largest growth of the resident set over its size before the export, in MB. */
  readonly rssGrowthMb: number;
  readonly heapGrowthMb: number;
}

const MB = 1024 * 1024;

/** Exports `query` of `model` once, reading every chunk as a client would, and measures it. */
export async function measureExport(
  admin: Admin,
  request: (path: string, rawQuery?: string) => ApiRequest,
  label: string,
  model: string,
  query: string,
): Promise<ExportMeasure> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    heap = Math.max(heap, now.heapUsed - before.heapUsed);
  };
  const started = performance.now();
  const response = await admin.handle(request(`models/${model}/export`, query));
  if (response?.status !== 200 || !response.stream) {
    throw new Error(`${label}: ${response?.status} ${String(response?.body)}`);
  }
  let firstByteMs = -1;
  let lines = 0;
  for await (const chunk of response.stream) {
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    for (const byte of chunk) if (byte === 10) lines++;
    sample();
  }
  const totalMs = performance.now() - started;
  return { label, rows: lines - 1, firstByteMs, totalMs, rssGrowthMb: rss / MB, heapGrowthMb: heap / MB };
}

export function reportExports(title: string, measures: readonly ExportMeasure[]): void {
  console.log(`\n### ${title}: export\n`);
  console.log("| export | rows | first byte (budget 1000 ms) | all rows | RSS growth (budget 50 MB) | heap growth | |");
  console.log("|---|---:|---:|---:|---:|---:|---|");
  for (const m of measures) {
    const within = m.firstByteMs <= 1000 && m.rssGrowthMb < 50 ? "within" : "**over**";
    console.log(
      `| ${m.label} | ${m.rows.toLocaleString("en")} | ${m.firstByteMs.toFixed(0)} ms | ${(m.totalMs / 1000).toFixed(1)} s | ${m.rssGrowthMb.toFixed(1)} MB | ${m.heapGrowthMb.toFixed(1)} MB | ${within} |`,
    );
  }
}
