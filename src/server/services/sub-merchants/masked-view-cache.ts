import type { currentlyDue, maskFormData } from '@/schemas/form-data';
import { LruMap } from '@/server/cache/lru-map';

/**
 * The masked formData and `currentlyDue` of a record version. Building them means decrypting every personal
 * field (≈ 0.1 ms a record), which dominated the list route (docs/benchmarks.md). A version's plaintext never
 * changes: every write of formData bumps `version`, and re-encrypting under a new data key keeps the plaintext.
 * So `id:version` names a plaintext. `updatedAt` joins the key because a view can be built inside a transaction
 * that later rolls back (the event written with a change), and the next successful write reuses that version
 * number with other content at another instant. The cache holds only masked values, never personal data.
 */
export type MaskedView = { formData: ReturnType<typeof maskFormData>; currentlyDue: ReturnType<typeof currentlyDue> };

const views = new LruMap<MaskedView>(5_000);

type RecordVersion = { id: string; version: number; updatedAt: Date };

export function maskedViewOf(row: RecordVersion, build: () => MaskedView): MaskedView {
  const key = `${row.id}:${row.version}:${row.updatedAt.getTime()}`;
  const hit = views.get(key);
  if (hit) return hit;
  const view = build();
  views.set(key, view);
  return view;
}
