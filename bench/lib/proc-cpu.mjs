/**
 * CPU time from /proc (Linux): the server's and PostgreSQL's, so a run can say where the cores went, not just
 * how many requests came back. Clock ticks are 100 Hz on Linux (getconf CLK_TCK).
 */
import fs from 'node:fs';

const TICK_MS = 10;

function readStat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces: split after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    return { comm, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}

/** user+system CPU milliseconds of one process. */
export const processCpuMs = (pid) => readStat(pid)?.cpuMs ?? 0;

/** user+system CPU milliseconds of all live `postgres` processes (backends come and go; pooled ones stay). */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.comm === 'postgres') total += stat.cpuMs;
  }
  return total;
}

/** Whole-machine busy and total jiffies, for "how loaded were both cores". */
export function machineCpu() {
  const [line] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3] + values[4];
  const total = values.reduce((a, b) => a + b, 0);
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}
