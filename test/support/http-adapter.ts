export { serveOverHttp, type FetchHandler } from '@/sandbox/serve-over-http';
