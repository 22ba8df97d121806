/**
 * Hostile input for the bad-input suites: fast-check arbitraries for path segments, header sets, bodies and
 * query strings, and the checks every refusal must pass (4xx, problem+json, nothing internal in the body).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';

/** Path segments that try traversal, SQL, NUL, odd Unicode and sheer length. */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '../',
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e%2f',
    '%2e%2e/',
    '..\\..\\windows',
    '.',
    '%',
    "' or '1'='1",
    "1'; drop table sub_merchants; --",
    '" OR ""="',
    '1 union select * from api_keys',
    '%27%20or%201%3D1',
    '\u0000',
    'a\u0000b',
    '%00',
    '\u202eevil',
    '😀',
    ' ',
    '*',
    '_',
    '$1',
    '{{7*7}}',
    '<script>alert(1)</script>',
    'null',
    '-1',
    '0',
  ),
  fc.integer({ min: 129, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
);

/** Values of the wrong type for almost any field; the suite keeps those the schema refuses. */
export const wrongTypedValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, '', 'x', [], {}, [1, 2], { $ne: null }, '__proto__'),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** A string with C0 control characters (other than tab, line feed and carriage return) or NUL. */
export const controlCharacterString = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, c, b]) => `a${a}${c}${b}`);

/** A string holding a surrogate without its partner, as JSON's "\\ud800" escape delivers it: no UTF-8 encodes it. */
export const illFormedString = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, c, b]) => `a${a}${c}${b}`);

export type BodyCase = { label: string; contentType?: string; body: BodyInit; declaredLength?: string };

/** Bodies no endpoint accepts, whatever it expects. */
export function brokenBodies(limitBytes: number): fc.Arbitrary<BodyCase> {
  return fc.oneof(
    fc.constantFrom<BodyCase>(
      { label: 'malformed JSON', contentType: 'application/json', body: '{"a":' },
      { label: 'JSON with a trailing comma', contentType: 'application/json', body: '{"a":1,}' },
      { label: 'bare word', contentType: 'application/json', body: 'undefined' },
      {
        label: 'invalid UTF-8',
        contentType: 'application/json',
        body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      },
      {
        label: 'overlong UTF-8 slash',
        contentType: 'application/json',
        body: new Uint8Array([0x22, 0xc0, 0xaf, 0x22]),
      },
      {
        label: 'UTF-16 body',
        contentType: 'application/json',
        body: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
      },
      {
        label: 'deeply nested arrays',
        contentType: 'application/json',
        body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      },
      {
        label: 'deeply nested objects',
        contentType: 'application/json',
        body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      },
      { label: 'JSON root is an array', contentType: 'application/json', body: '[]' },
      { label: 'JSON root is a string', contentType: 'application/json', body: '"x"' },
      { label: 'JSON root is null', contentType: 'application/json', body: 'null' },
      { label: 'form-encoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
      { label: 'plain text', contentType: 'text/plain', body: '{}' },
      { label: 'XML', contentType: 'application/xml', body: '<xml><a>1</a></xml>' },
      { label: 'multipart without boundary', contentType: 'multipart/form-data', body: '--x\r\n\r\n--x--' },
      {
        label: 'multipart with a broken part',
        contentType: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data\r\n\r\nabc',
      },
      { label: 'no content type', body: '{}' },
      { label: 'duplicated content type', contentType: 'application/json, application/json', body: '{}' },
      { label: 'content type with a NUL', contentType: 'application/json; charset=\u0001', body: '{}' },
    ),
    fc.constant<BodyCase>({
      label: 'body over the limit',
      contentType: 'application/json',
      body: JSON.stringify({ a: 'x'.repeat(limitBytes) }),
    }),
    fc.constantFrom('999999999999', '-1', 'abc', '1e9').map<BodyCase>((declaredLength) => ({
      label: `Content-Length ${declaredLength}`,
      contentType: 'application/json',
      body: '{}',
      declaredLength,
    })),
    fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .map<BodyCase>((bytes) => ({ label: 'random bytes', contentType: 'application/json', body: bytes })),
  );
}

type JsonSchema = { properties?: Record<string, { type?: string | string[] }>; required?: string[] };

/**
 * Bodies that are valid JSON but break the operation's schema: a field of the wrong type, a required field
 * left out, an unknown field, control characters in a text field. `base` is a valid body (or {}).
 */
export function schemaBreakingBodies(
  schema: z.ZodType,
  json: JsonSchema,
  base: Record<string, unknown>,
): fc.Arbitrary<BodyCase> {
  const fields = Object.keys(json.properties ?? {});
  const textFields = fields.filter((f) => [json.properties![f]!.type].flat().includes('string'));
  const asBody = (label: string, value: unknown): BodyCase => ({
    label,
    contentType: 'application/json',
    body: JSON.stringify(value),
  });
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), wrongTypedValue)
      .filter(([name]) => !fields.includes(name))
      .map(([name, value]) => asBody(`unknown field "${name}"`, { ...base, [name]: value })),
  ];
  if (fields.length) {
    cases.push(
      fc
        .tuple(fc.constantFrom(...fields), wrongTypedValue)
        .map(([name, value]) => asBody(`${name} = ${JSON.stringify(value)}`, { ...base, [name]: value }))
        .filter((c) => !schema.safeParse(JSON.parse(c.body as string)).success),
    );
  }
  for (const name of json.required ?? []) {
    const { [name]: _left, ...rest } = base;
    cases.push(fc.constant(asBody(`without ${name}`, rest)));
  }
  if (textFields.length) {
    cases.push(
      fc
        .tuple(fc.constantFrom(...textFields), controlCharacterString)
        .map(([name, value]) => asBody(`${name} with control characters`, { ...base, [name]: value })),
      fc
        .tuple(fc.constantFrom(...textFields), illFormedString)
        .map(([name, value]) => asBody(`${name} with a lone surrogate`, { ...base, [name]: value })),
    );
  }
  return fc.oneof(...cases);
}

// Frames of a stack trace, absolute paths of this checkout, module paths: none may reach a client.
const internals = [/\n\s+at\s/, /node_modules/, /\bat [\w.<>]+ \(/, /\.(ts|js|mjs):\d+/, /webpack|turbopack/i];

export function expectNothingInternal(text: string) {
  for (const pattern of [...internals, new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]) {
    expect(text, `the answer shows internals (${pattern})`).not.toMatch(pattern);
  }
}

/** A refusal in the API's own format: 4xx application/problem+json with code, type and a matching status. */
export async function expectProblem(response: Response) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = JSON.parse(text) as { code?: unknown; type?: unknown; status?: unknown };
  expect(body.code).toEqual(expect.any(String));
  expect(body.type).toEqual(expect.any(String));
  expect(body.status).toBe(response.status);
  expectNothingInternal(text);
  return body;
}

/** One line on the test output with how many requests a suite sent (the figure docs/reliability.md quotes). */
export function reportRequestCount(line: string) {
  process.stdout.write(`${line}\n`);
}
