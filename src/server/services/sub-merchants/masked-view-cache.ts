import type { currentlyDue, maskFormData } from '@/schemas/form-data';

/**
 * The masked formData and `currentlyDue` of a record version. Building them means decrypting every personal
 * field (≈ 0.1 ms a record), which dominated the list route (docs/benchmarks.md). A version's plaintext never
 * changes: every write of formData bumps `version`, and re-encrypting under a new data key keeps the plaintext.
 * So `id:version` names a plaintext. `updatedAt` joins the key because a view can be built inside a transaction
 * that later rolls back (the event written with a change), and the next successful write reuses that version
 * number with other content at another instant. The cache holds only masked values, never personal data.
 */
export type MaskedView = { formData: ReturnType<typeof maskFormData>; currentlyDue: ReturnType<typeof currentlyDue> };

const maxEntries = 5_000;
const views = new Map<string, MaskedView>();

type RecordVersion = { id: string; version: number; updatedAt: Date };

export function maskedViewOf(row: RecordVersion, build: () => MaskedView): MaskedView {
  const key = `${row.id}:${row.version}:${row.updatedAt.getTime()}`;
  const hit = views.get(key);
  if (hit) {
    // Re-insert so the Map's order stays least-recently-used first.
    views.delete(key);
    views.set(key, hit);
    return hit;
  }
  const view = build();
  if (views.size >= maxEntries) views.delete(views.keys().next().value!);
  views.set(key, view);
  return view;
}
