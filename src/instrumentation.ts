/** Next.js calls this once when a server process starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('./server/startup/start-server');
    await startServer();
  }
}
