/**
 * One autocannon measurement of one target, plus the CPU the server and PostgreSQL spent meanwhile.
 */
import autocannon from 'autocannon';
import { machineCpu, postgresCpuMs, processCpuMs } from './proc-cpu.mjs';

/**
 * target: { name, path, headers?, paths? } — with `paths`, every request takes the next one (round robin
 * across all connections), so a by-id route is not measured on one hot row.
 */
export async function measureTarget({ baseUrl, target, connections, durationSeconds, serverPid }) {
  let cursor = 0;
  const request = { method: 'GET', path: target.path, headers: target.headers ?? {} };
  if (target.paths) {
    const paths = target.paths;
    request.setupRequest = (req) => ({ ...req, path: paths[cursor++ % paths.length] });
  }
  const before = { server: processCpuMs(serverPid), pg: postgresCpuMs(), machine: machineCpu() };
  const result = await autocannon({ url: baseUrl, connections, duration: durationSeconds, requests: [request] });
  const after = { server: processCpuMs(serverPid), pg: postgresCpuMs(), machine: machineCpu() };
  const total = result.requests.total || 1;
  const wallMs = after.machine.totalMs - before.machine.totalMs || 1;
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuMsPerReq: (after.server - before.server) / total,
    pgCpuMsPerReq: Math.max(0, after.pg - before.pg) / total, // backends that exit take their ticks along
    machineBusyPct: (100 * (after.machine.busyMs - before.machine.busyMs)) / wallMs,
  };
}
