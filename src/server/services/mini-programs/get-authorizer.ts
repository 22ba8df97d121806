import type { PlatformContext } from '../context';
import { toAuthorizerDto } from './authorizer-dto';
import { findAuthorizer } from './find-authorizer';

export async function getAuthorizer(ctx: PlatformContext, { appId }: { appId: string }) {
  return toAuthorizerDto(await findAuthorizer(ctx, { appId }));
}
