import { ProtocolFormatError } from '@/protocols/protocol-error';
import { AppError } from '@/server/errors';

/** Runs a protocol parser on caller input; a format mistake is the caller's `invalid_request` (400), not a 500. */
export function readProtocolInput<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ProtocolFormatError) throw new AppError('invalid_request', error.message, { cause: error });
    throw error;
  }
}
