import type { Operation } from './operation';

/** Every POST under /v1 takes an optional Idempotency-Key (src/server/http/idempotency.ts). */
export const takesIdempotencyKey = (op: Pick<Operation, 'method' | 'path' | 'auth'>) =>
  op.method === 'post' && op.path.startsWith('/v1/') && op.auth !== 'none';

export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer to a key (status, body) is stored for 24 hours per platform and replayed ' +
    'with `Idempotent-Replayed: true` to a retry with the same key and the same request. The same key with a ' +
    'different request is a 422 `idempotency_key_reused`; a retry while the first is still running is a 409 ' +
    '`idempotency_key_in_use`. 409, 429 and 5xx answers are not stored, so a retry runs again. Use a new random ' +
    'key (a UUID) per operation.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** Added to the errors of an operation that takes the header. */
export const idempotencyErrors = [400, 409, 422];

export const idempotencyErrorText: Record<number, string> = {
  400: ' Also: an Idempotency-Key that is not 1–255 printable ASCII characters.',
  409: ' Also `idempotency_key_in_use`: a request with this Idempotency-Key is still running.',
  422: ' Also `idempotency_key_reused`: this Idempotency-Key was used with a different request.',
};

/** On an answer replayed from an earlier request with the same Idempotency-Key. */
export const idempotencyResponseHeaders = {
  'Idempotent-Replayed': {
    description: 'Present (`true`) when this is the stored first answer to the Idempotency-Key, replayed.',
    schema: { type: 'string', enum: ['true'] },
  },
};
