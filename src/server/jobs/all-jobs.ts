/**
 * Imports every job definition so the runner registers their queues. Later areas add their job modules here
 * (sub-merchant status sync, token refresh).
 */
import './deliver-event-job';
import './sub-merchant-sync-job';
import './mini-program-jobs';
import './idempotency-keys-job';
import './platform-certificates-job';
import './retention-job';
