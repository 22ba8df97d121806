/** Markdown output shared by the bench scripts. */

export function markdownTable(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Folds the rounds of one target: throughput is averaged, latency percentiles take the median round. */
export function combineRounds(samples) {
  return {
    name: samples[0].name,
    rounds: samples.length,
    reqPerSec: mean(samples.map((s) => s.reqPerSec)),
    reqPerSecMin: Math.min(...samples.map((s) => s.reqPerSec)),
    reqPerSecMax: Math.max(...samples.map((s) => s.reqPerSec)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    total: samples.reduce((a, s) => a + s.total, 0),
    non2xx: samples.reduce((a, s) => a + s.non2xx, 0),
    errors: samples.reduce((a, s) => a + s.errors, 0),
    serverCpuMsPerReq: mean(samples.map((s) => s.serverCpuMsPerReq)),
    pgCpuMsPerReq: mean(samples.map((s) => s.pgCpuMsPerReq)),
    machineBusyPct: mean(samples.map((s) => s.machineBusyPct)),
  };
}
