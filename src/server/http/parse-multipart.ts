/**
 * multipart/form-data bodies for /v1 and /admin. The size limit is enforced before anything is buffered
 * (declared Content-Length, then a cap while streaming), so a 1 GB upload costs us at most `limitBytes`.
 */
import { AppError } from '@/server/errors';
import { readBodyBytes } from './parse-request';

export async function parseMultipartForm(request: Request, limitBytes: number): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the body as multipart/form-data.');
  }
  const bytes = await readBodyBytes(request, limitBytes);
  try {
    // Parsing a body we already hold, with the request's own boundary.
    return await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new AppError(
      'invalid_request',
      'The multipart/form-data body is malformed (check the boundary and part headers).',
    );
  }
}
