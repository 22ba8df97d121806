/**
 * Where this server process is in its life, for the readiness probe. Kept on globalThis because Next.js may
 * evaluate this module once per bundle (instrumentation and route handlers).
 */
export type Phase = 'starting' | 'serving' | 'stopping';

const slot = globalThis as typeof globalThis & { __serverPhase?: Phase };

export const serverPhase = (): Phase => slot.__serverPhase ?? 'starting';

/** startServer: 'serving' once the database is migrated and the jobs run; the shutdown: 'stopping' first. */
export function setServerPhase(phase: Phase) {
  slot.__serverPhase = phase;
}
