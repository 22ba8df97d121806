/** The media upload form (docs/product/decisions.md §4): a required part `file` and an optional part `provider`. */
import { providers, type Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { MEDIA_REQUEST_BODY_LIMIT, type UploadMediaInput } from '@/server/services/media/upload-media';
import { parseMultipartForm } from './parse-multipart';

const invalid = (pointer: string, code: string, message: string) =>
  new AppError('invalid_request', message, { errors: [{ pointer, code, message }] });

export async function parseMediaUpload(request: Request): Promise<UploadMediaInput> {
  const form = await parseMultipartForm(request, MEDIA_REQUEST_BODY_LIMIT);
  const files = form.getAll('file');
  if (files.length === 0) throw invalid('/file', 'required', 'Send the image in a multipart part named "file".');
  if (files.length > 1) throw invalid('/file', 'too_many', 'Send one image per request.');
  const file = files[0]!;
  if (typeof file === 'string') {
    throw invalid(
      '/file',
      'invalid_type',
      'The "file" part must be a file upload (with a filename), not a text field.',
    );
  }
  const provider = readProvider(form.getAll('provider'));
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, provider };
}

function readProvider(values: FormDataEntryValue[]): Provider {
  if (values.length === 0) return 'providerA';
  const [value] = values;
  if (values.length > 1 || typeof value !== 'string' || !(providers as readonly string[]).includes(value)) {
    throw invalid(
      '/provider',
      'invalid_value',
      `"provider" must be one of: ${providers.join(', ')} (default providerA).`,
    );
  }
  return value as Provider;
}
