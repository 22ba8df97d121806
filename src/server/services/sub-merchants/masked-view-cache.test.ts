import { describe, expect, it } from 'vitest';
import { maskedViewOf, type MaskedView } from './masked-view-cache';

const view = (name: string): MaskedView => ({
  formData: { merchantShortname: name } as MaskedView['formData'],
  currentlyDue: [],
});

describe('maskedViewOf', () => {
  it('builds a record version once and answers it from memory afterwards', () => {
    const row = { id: 'smr_cache_1', version: 3, updatedAt: new Date('2026-11-21T10:00:00Z') };
    let builds = 0;
    const first = maskedViewOf(row, () => (builds++, view('A')));
    const second = maskedViewOf({ ...row }, () => (builds++, view('B')));
    expect(builds).toBe(1);
    expect(second).toBe(first);
  });

  it('builds again for a new version, and for the same version number written at another instant (a rolled-back write)', () => {
    const row = { id: 'smr_cache_2', version: 1, updatedAt: new Date('2026-11-21T10:00:00Z') };
    expect(maskedViewOf(row, () => view('v1')).formData).toEqual({ merchantShortname: 'v1' });
    expect(maskedViewOf({ ...row, version: 2 }, () => view('v2')).formData).toEqual({ merchantShortname: 'v2' });
    const rewritten = { ...row, version: 2, updatedAt: new Date('2026-11-21T10:00:01Z') };
    expect(maskedViewOf(rewritten, () => view('v2 again')).formData).toEqual({ merchantShortname: 'v2 again' });
  });
});
