/** Most procedures one /api/trpc request may call: the console's batch link splits larger batches, the server refuses them. */
export const TRPC_MAX_BATCH_SIZE = 10;
