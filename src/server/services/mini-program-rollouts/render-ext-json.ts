// Not a use case: the ext JSON template syntax of rollouts (docs/mini-program-rollouts.md), shared by
// create-rollout (which renders every target before anything is sent upstream) and preview-rollout (the console's
// check before sending).
import { extJsonString } from '@/schemas/mini-program-requests';

const placeholder = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** Placeholders the template names that are none of appId, sellerId or ext.<key>. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(placeholder)]
    .map((m) => m[1]!)
    .filter((name) => name !== 'appId' && name !== 'sellerId' && !/^ext\.[A-Za-z0-9_-]+$/.test(name));
}

/**
 * The template with each placeholder replaced by its value, JSON-escaped (so a value lands safely inside a JSON
 * string), then checked as ext JSON. A missing value or an invalid result is the authorizer's error.
 */
export function renderExtJson(
  template: string,
  vars: { appId: string; sellerId: string | null; ext: Record<string, string> },
): { ok: true; extJson: string } | { ok: false; error: string } {
  const missing: string[] = [];
  const rendered = template.replace(placeholder, (_, name: string) => {
    const value = name === 'appId' ? vars.appId : name === 'sellerId' ? vars.sellerId : vars.ext[name.slice(4)];
    if (value === null || value === undefined) {
      missing.push(name);
      return '';
    }
    return JSON.stringify(value).slice(1, -1);
  });
  if (missing.length) return { ok: false, error: `no value for ${missing.map((m) => `{{${m}}}`).join(', ')}` };
  const checked = extJsonString.safeParse(rendered);
  if (!checked.success) return { ok: false, error: checked.error.issues.map((i) => i.message).join('; ') };
  return { ok: true, extJson: rendered };
}

/** The template rendered for each target authorizer, with its `authorizerExt` values. */
export const renderForTargets = (
  template: string,
  targets: { appId: string; tenantId: string | null; ext: Record<string, string> | null }[],
  authorizerExt: Record<string, Record<string, string>>,
) =>
  targets.map((t) => ({
    appId: t.appId,
    sellerId: t.tenantId,
    // The values stored on the authorizer, each overridden by the request's value of the same key.
    result: renderExtJson(template, {
      appId: t.appId,
      sellerId: t.tenantId,
      ext: { ...t.ext, ...authorizerExt[t.appId] },
    }),
  }));
