/** Next.js calls this once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so no request is served without its socket address (trusted-proxy.ts).
    const { recordSocketAddresses } = await import('./server/http/socket-address');
    recordSocketAddresses();
    const { joinDuplicateHeadersOfEveryRequest } = await import('./server/http/duplicate-headers');
    joinDuplicateHeadersOfEveryRequest();
    const { startServer } = await import('./server/startup/start-server');
    await startServer();
  }
}
