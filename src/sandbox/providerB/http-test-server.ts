/** Test support (kept under its old name for the emulator's tests). */
export { serveOverHttp as serveFetchHandler } from '../serve-over-http';
