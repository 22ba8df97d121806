import { describe, expect, it } from 'vitest';
import { namespacedStore } from '@/sandbox/namespace';
import { KIND } from '@/sandbox/providerA/component/state';
import { APPLYMENT_KIND } from '@/sandbox/providerA/pay/applyment-store';
import { createMemorySandboxStore } from '@/sandbox/store';

describe('sandbox namespaces', () => {
  it('keeps each namespace’s objects apart, the component’s ticket and token included (each platform’s sandbox has its own component)', async () => {
    const shared = createMemorySandboxStore();
    const [a, b] = [namespacedStore(shared, 'a'.repeat(22)), namespacedStore(shared, 'b'.repeat(22))];
    await a.put(APPLYMENT_KIND, 'sm1', { applyment_id: '1' });
    expect(await b.get(APPLYMENT_KIND, 'sm1')).toBeUndefined();
    expect(await b.list(APPLYMENT_KIND)).toEqual([]);
    expect(await a.list(APPLYMENT_KIND)).toEqual([{ applyment_id: '1' }]);
    await a.put(KIND.componentToken, 'token', { token: 'token' });
    expect(await a.get(KIND.componentToken, 'token')).toEqual({ token: 'token' });
    expect(await b.get(KIND.componentToken, 'token')).toBeUndefined();
    expect(await shared.get(KIND.componentToken, 'token')).toBeUndefined();
  });
});
