import type { z } from 'zod';
import type { Provider } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { json } from './define-route';
import { parseJsonBody, parseQuery } from './parse-request';
import { withApiKey, type ApiContext } from './with-api-key';
import { providers } from '@/domain/providers';

/** `{platform}` in a /v1/miniprogram path: providerA or providerB, anything else is a 404 problem. */
export function platformParam(ctx: ApiContext): Provider {
  const value = ctx.params.platform ?? '';
  if (!(providers as readonly string[]).includes(value))
    throw new AppError('not_found', `Unknown platform "${value}"; use providerA or providerB.`);
  return value as Provider;
}

/** A /v1/miniprogram/{platform}/… POST: API key, platform, JSON body → one service call → JSON. */
export const miniProgramPost = <S extends z.ZodType>(
  schema: S,
  run: (ctx: ApiContext, platform: Provider, body: z.infer<S>) => Promise<unknown>,
) =>
  withApiKey('miniprogram', async (request, ctx) =>
    json(await run(ctx, platformParam(ctx), await parseJsonBody(request, schema))),
  );

/** A /v1/miniprogram/{platform}/… GET with a validated query. */
export const miniProgramGet = <S extends z.ZodType>(
  schema: S,
  run: (ctx: ApiContext, platform: Provider, query: z.infer<S>) => Promise<unknown>,
) =>
  withApiKey('miniprogram', async (request, ctx) =>
    json(await run(ctx, platformParam(ctx), parseQuery(request, schema))),
  );
