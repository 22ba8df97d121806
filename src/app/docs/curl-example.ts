type Parameter = { name: string; in: string; required: boolean; schema: Record<string, unknown> };
type Operation = {
  parameters: Parameter[];
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
};

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command for one operation that runs as pasted once API_KEY is exported: the method and URL as the
 * document has them (path parameters left as {name} to fill in), the Authorization header, every required header
 * with its value (X-Service-Code is the one its enum allows first) and the request body's example.
 */
export function curlExample(baseUrl: string, method: string, path: string, op: Operation): string {
  const lines = [`curl -X ${method.toUpperCase()} "${baseUrl.replace(/\/$/, '')}${path}"`];
  if (op.security === undefined || op.security.length > 0) lines.push(`-H "Authorization: Bearer $API_KEY"`);
  for (const parameter of op.parameters) {
    if (parameter.in !== 'header' || !parameter.required) continue;
    const allowed = parameter.schema.enum;
    const value = Array.isArray(allowed) && typeof allowed[0] === 'string' ? allowed[0] : `<${parameter.name}>`;
    lines.push(`-H "${parameter.name}: ${value}"`);
  }
  const body = op.requestBody && Object.entries(op.requestBody.content)[0];
  if (body?.[0] === 'application/json') {
    lines.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(body[1].example ?? {}))}`);
  } else if (body) {
    // A form upload: curl sets the multipart Content-Type (with its boundary) itself.
    lines.push(`-F "file=@<path to the file>"`);
  }
  return lines.join(' \\\n  ');
}
