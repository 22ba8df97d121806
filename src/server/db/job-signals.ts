/**
 * How a use case asks for background work to happen sooner without reaching up into the job runner: services
 * signal here, and the runner (src/server/jobs/start-jobs.ts) answers once it has started in this process. In a
 * process without a runner (the CLI, a unit test) the signals are no-ops, and the runner's own schedule covers.
 */
type JobSignals = {
  /** A record falls due for its upstream status check at `at` (or earlier than anything armed so far). */
  syncDueAt(at: Date): Promise<void>;
  /** Outbox rows were just committed: relay them now rather than at the next tick. */
  outboxWritten(): void;
};

const slot = globalThis as typeof globalThis & { __jobSignals?: JobSignals };

export const jobSignals: JobSignals = {
  syncDueAt: (at) => slot.__jobSignals?.syncDueAt(at) ?? Promise.resolve(),
  outboxWritten: () => slot.__jobSignals?.outboxWritten(),
};

export function answerJobSignals(signals: JobSignals) {
  slot.__jobSignals = signals;
}
