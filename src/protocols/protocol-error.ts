/**
 * A value that does not follow an upstream's format (a malformed link, an id of the wrong shape). The protocol
 * code knows only the format; each caller decides what the mistake means for it (for the sandbox and the
 * service: an `invalid_request`).
 */
export class ProtocolFormatError extends Error {
  readonly code = 'invalid_request';
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolFormatError';
  }
}
