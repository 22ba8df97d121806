/** The job queue that makes delivery attempts; here (not in src/server/jobs) so services enqueue without a cycle. */
export const DELIVER_EVENT_QUEUE = 'deliver-event';

/**
 * One attempt of one delivery. `attempt` is the attempt number this job is meant to make: a job whose number no
 * longer matches the delivery (pg-boss redelivered it, or a newer job ran first) does nothing.
 */
export type DeliverEventPayload = { deliveryId: string; attempt: number };
