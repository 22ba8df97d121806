import { serveOverHttp, type FetchHandler } from './http-adapter';

/** Test support: the shared HTTP adapter, with the `baseUrl` name this emulator's tests use. */
export async function startHttpServer(handler: FetchHandler): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = await serveOverHttp(handler);
  return { baseUrl: server.url, close: server.close };
}
