import type { GatewayUploadedFile } from './registry';

export interface ParsedGatewayRequest {
  params: Record<string, string>;
  files: Map<string, GatewayUploadedFile>;
}

/**
 * The SDKs put public parameters in the query and business parameters in the body (form-encoded, or
 * multipart for uploads); the gateway merges both before verifying, and so do we.
 */
export async function parseGatewayRequest(request: Request): Promise<ParsedGatewayRequest> {
  // No prototype: a parameter named __proto__ or constructor is just a parameter.
  const params: Record<string, string> = Object.create(null);
  const files = new Map<string, GatewayUploadedFile>();
  for (const [key, value] of new URL(request.url).searchParams) params[key] = value;
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.includes('multipart/form-data')) {
    // A body that does not parse carries no parameters; the signature check then refuses it as the gateway does.
    const form = await request.formData().catch(() => new FormData());
    for (const [key, value] of form) {
      if (typeof value === 'string') params[key] = value;
      else files.set(key, { filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
  } else {
    for (const [key, value] of new URLSearchParams(await request.text())) params[key] = value;
  }
  return { params, files };
}
