import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { decodeCursor, encodeCursor, encodeOpaqueCursor } from '@/server/pagination/cursor';

describe('decodeCursor', () => {
  const cursor = { createdAt: new Date('2026-11-28T05:30:00.123Z'), id: 'sm_0001' };

  it('decodes the same cursor to the same value every time, each caller with its own Date', () => {
    const text = encodeCursor(cursor);
    const first = decodeCursor(text);
    first.createdAt.setFullYear(1999);
    const second = decodeCursor(text);
    expect(second).toEqual(cursor);
    expect(second.createdAt).not.toBe(first.createdAt);
  });

  it('refuses a tampered cursor on every request, not only the first', () => {
    const tampered = encodeOpaqueCursor(['0000-01-01T00:00:00Z', 'sm_0001']);
    for (let i = 0; i < 2; i++) {
      let caught: unknown;
      try {
        decodeCursor(tampered);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ code: 'invalid_request', message: 'The cursor is not one this list returned.' });
    }
  });

  it('keeps decoding correctly past the bound of remembered cursors', () => {
    const texts = Array.from({ length: 1100 }, (_, i) =>
      encodeCursor({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)), id: `sm_${i}` }),
    );
    for (const text of texts) decodeCursor(text);
    expect(decodeCursor(texts[0]!)).toEqual({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0)), id: 'sm_0' });
    expect(decodeCursor(texts[1099]!)).toEqual({
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1099)),
      id: 'sm_1099',
    });
  });
});
