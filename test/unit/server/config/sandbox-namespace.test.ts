import { describe, expect, it } from 'vitest';
import { isSandboxNamespace, sandboxNamespace } from '@/server/config/sandbox-namespace';

describe('sandbox namespaces', () => {
  it('derives a stable 22-character base62 segment per platform and server secret', () => {
    const secret = 'x'.repeat(32);
    const a = sandboxNamespace('plat_A', secret);
    expect(isSandboxNamespace(a)).toBe(true);
    expect(sandboxNamespace('plat_A', secret)).toBe(a);
    expect(sandboxNamespace('plat_B', secret)).not.toBe(a);
    expect(sandboxNamespace('plat_A', 'y'.repeat(32))).not.toBe(a);
  });
});
