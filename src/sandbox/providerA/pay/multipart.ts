/**
 * A small multipart/form-data reader over raw bytes. The upload signature covers the `meta` part's exact
 * bytes, so the emulator reads them itself instead of trusting a FormData round trip to preserve them.
 */
export type MultipartPart = { name: string; filename?: string; contentType?: string; data: Buffer };

export function boundaryOf(contentType: string | null): string | undefined {
  const match = contentType?.match(/^multipart\/form-data\s*;.*?boundary=(?:"([^"]+)"|([^;\s]+))/i);
  return match?.[1] ?? match?.[2];
}

export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, data, CRLF (before the next delimiter).
    const raw = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = raw.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = raw.subarray(0, headerEnd).toString('utf8');
      const disposition = headers.match(/content-disposition:\s*form-data([^\r\n]*)/i)?.[1] ?? '';
      const name = disposition.match(/;\s*name="([^"]*)"/i)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: disposition.match(/;\s*filename="([^"]*)"/i)?.[1],
          contentType: headers.match(/content-type:\s*([^\r\n]+)/i)?.[1]?.trim(),
          data: Buffer.from(raw.subarray(headerEnd + 4)),
        });
      }
    }
    start = next;
  }
  return parts;
}
