import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { memoizedQueryParser, parseJsonBody, parseQuery } from '@/server/http/parse-request';

const schema = z.object({ name: z.string(), count: z.number().int().optional() }).strict();
const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://x/v1/thing', { method: 'POST', body, headers });

async function failure(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('request parsing', () => {
  it('parses a valid body', async () => {
    expect(await parseJsonBody(post('{"name":"a","count":2}'), schema)).toEqual({ name: 'a', count: 2 });
  });

  it('answers 415 for a body that is not JSON by content type', async () => {
    expect(
      (await failure(parseJsonBody(post('name=a', { 'content-type': 'application/x-www-form-urlencoded' }), schema)))
        .status,
    ).toBe(415);
  });

  it('answers 400 for malformed JSON and invalid UTF-8, not 500', async () => {
    expect((await failure(parseJsonBody(post('{"name":'), schema))).code).toBe('invalid_request');
    expect((await failure(parseJsonBody(post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), schema))).message).toContain(
      'UTF-8',
    );
  });

  it('answers 400 with a pointer for control characters in any key or value (NUL would fail the database query)', async () => {
    const nul = await failure(parseJsonBody(post('{"name":"a\\u0000b"}'), schema));
    expect(nul.errors).toEqual([expect.objectContaining({ pointer: '/name', code: 'control_character' })]);
    expect((await failure(parseJsonBody(post('{"nested":{"k\\u0007":1}}'), z.unknown()))).errors[0]?.pointer).toBe(
      '/nested/k\u0007',
    );
    expect(await parseJsonBody(post('{"name":"line\\nbreak\\ttab"}'), schema)).toEqual({ name: 'line\nbreak\ttab' });
    expect(
      (await failure(() => parseQuery(new Request('http://x/v1/thing?name=a%00'), z.object({ name: z.string() }))))
        .errors[0]?.pointer,
    ).toBe('/query/name');
  });

  it('answers 415 for a repeated Content-Type or a charset other than UTF-8, and 400 for a malformed Content-Length', async () => {
    expect(
      (
        await failure(
          parseJsonBody(post('{"name":"a"}', { 'content-type': 'application/json, application/json' }), schema),
        )
      ).status,
    ).toBe(415);
    expect(
      (
        await failure(
          parseJsonBody(post('{"name":"a"}', { 'content-type': 'application/json; charset=latin1' }), schema),
        )
      ).status,
    ).toBe(415);
    expect(
      await parseJsonBody(post('{"name":"a"}', { 'content-type': 'application/json; charset=UTF-8' }), schema),
    ).toEqual({ name: 'a' });
    for (const length of ['abc', '-1', '1e3']) {
      expect(
        (
          await failure(
            parseJsonBody(
              post('{"name":"a"}', { 'content-type': 'application/json', 'content-length': length }),
              schema,
            ),
          )
        ).code,
      ).toBe('invalid_request');
    }
  });

  it('answers 413 for a body over the limit, whether or not Content-Length says so', async () => {
    const big = `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`;
    expect((await failure(parseJsonBody(post(big), schema))).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
        controller.close();
      },
    });
    const undeclared = new Request('http://x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await failure(parseJsonBody(undeclared, schema))).status).toBe(413);
  });

  it('lists every schema problem with a JSON pointer, including unknown keys', async () => {
    const error = await failure(parseJsonBody(post('{"count":"two","extra":1}'), schema));
    expect(error.errors.map((e) => e.pointer).sort()).toEqual(['/count', '/extra', '/name']);
    expect(error.errors.find((e) => e.pointer === '/name')?.code).toBe('required');
  });

  it('refuses a query parameter given twice', async () => {
    const error = await failure(() => parseQuery(new Request('http://x/?a=1&a=2'), z.object({ a: z.string() })));
    expect(error.message).toContain('"a"');
  });

  describe('memoizedQueryParser', () => {
    const query = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict();
    const get = (search: string) => new Request(`http://x/v1/thing${search}`);

    it('answers what parseQuery answers, the same object for the same query string', () => {
      const parse = memoizedQueryParser(query);
      const first = parse(get('?limit=5'));
      expect(first).toEqual(parseQuery(get('?limit=5'), query));
      expect(parse(get('?limit=5'))).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(parse(get('?limit=7'))).toEqual({ limit: 7 });
      expect(parse(get(''))).toEqual({ limit: 20 });
    });

    it("refuses a bad query string every time it comes, with parseQuery's errors", async () => {
      const parse = memoizedQueryParser(query);
      for (let i = 0; i < 2; i++) {
        expect((await failure(() => parse(get('?limit=0')))).errors[0]?.pointer).toBe('/query/limit');
        expect((await failure(() => parse(get('?limit=1&limit=2')))).message).toContain('"limit"');
        expect((await failure(() => parse(get('?other=1')))).code).toBe('invalid_request');
      }
    });

    it('keeps at most maxEntries query strings, dropping the oldest first', () => {
      const parse = memoizedQueryParser(query, 2);
      const one = parse(get('?limit=1'));
      const two = parse(get('?limit=2'));
      parse(get('?limit=3'));
      expect(parse(get('?limit=2'))).toBe(two);
      expect(parse(get('?limit=1'))).not.toBe(one);
      expect(parse(get('?limit=1'))).toEqual(one);
    });
  });
});
