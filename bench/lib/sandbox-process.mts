/**
 * The sandbox alone in its own process (npx tsx bench/lib/sandbox-process.mts), for status-sync.mts
 * --sandbox-process: the upstream's CPU then stops counting against the sync, as with a real provider.
 * Uses DATABASE_URL etc. from the environment; prints `{"url": …}` once listening; exits on SIGTERM or when
 * its parent goes away (stdin closes), so a crashed bench never leaves it behind.
 */
const { serveOverHttp } = await import('../../test/support/http-adapter');
const { sandboxHandler } = await import('../../test/support/sandbox-server');

const { sweepDueAudits } = await import('../../src/sandbox/control/audit-policy-control');

const server = await serveOverHttp(sandboxHandler);
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
// The audit policy's automatic decisions nobody reads are settled by a sweep, here every second (the app's job
// runs it every minute); one pass at a time.
let sweeping = false;
const sweep = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  void sweepDueAudits()
    .catch(() => undefined)
    .finally(() => (sweeping = false));
}, 1000);
const stop = () => {
  clearInterval(sweep);
  void server.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.stdin.once('close', stop).resume();
