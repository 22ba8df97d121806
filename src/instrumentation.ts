/** Next.js calls this once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so no request is served without its socket address (trusted-proxy.ts).
    const { recordSocketAddresses } = await import('./server/http/socket-address');
    recordSocketAddresses();
    const { joinDuplicateHeadersOfEveryRequest } = await import('./server/http/duplicate-headers');
    joinDuplicateHeadersOfEveryRequest();
    // Before any request too, so a shutdown knows every request in flight (startup/shutdown.ts).
    const { trackRequestsInFlight } = await import('./server/http/requests-in-flight');
    trackRequestsInFlight();
    const { startServer } = await import('./server/startup/start-server');
    await startServer();
  }
}
