/**
 * Imports every job definition so the runner registers their queues. Later areas add their job modules here
 * (sub-merchant status sync, webhook deliveries, token refresh).
 */
export {};
