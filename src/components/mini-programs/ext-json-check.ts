import { extJsonObject } from '@/schemas/mini-program-requests';

export type ExtJsonProblem =
  | { kind: 'syntax'; line: number; column: number }
  | { kind: 'missing'; field: string }
  | { kind: 'type'; field: string; expected: string }
  | { kind: 'other'; field: string; detail: string };

const at = (value: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );

/**
 * The ext JSON editor's check, before anything is sent: the same `extJsonObject` schema the API applies, with
 * its issues turned into problems the form can name per field (translated by the caller).
 */
export function checkExtJson(text: string): ExtJsonProblem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Where the parser stopped, as line and column: the engine's own sentence is English and engine-specific.
    const message = error instanceof Error ? error.message : '';
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
    const before = text.slice(0, position).split('\n');
    return [{ kind: 'syntax', line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }];
  }
  const result = extJsonObject.safeParse(parsed);
  if (result.success) return [];
  return result.error.issues.map((issue): ExtJsonProblem => {
    const field = issue.path.map(String).join('.') || '(root)';
    if (issue.code === 'invalid_type' && issue.path.length > 0 && at(parsed, issue.path) === undefined)
      return { kind: 'missing', field };
    if (issue.code === 'invalid_type') return { kind: 'type', field, expected: String(issue.expected) };
    return { kind: 'other', field, detail: issue.message };
  });
}

/** A starting ext JSON for an authorizer: the shape the upstreams require, with its own app id. */
export const extJsonTemplate = (appId: string) =>
  JSON.stringify({ extEnable: true, extAppid: appId, ext: {}, window: {} }, null, 2);
