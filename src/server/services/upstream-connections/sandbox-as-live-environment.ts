import { sandboxAsLiveEnvironment as fromSandbox } from '@/server/upstreams/credentials';
import type { PlatformContext } from '../context';
import { getPlatform } from '../platforms/get-platform';

/**
 * `npm run cli -- sandbox live-env --platform <id>`: the live-mode variables that point a second instance at
 * this installation's sandbox (the platform's namespace), to rehearse a live configuration and doctor.
 */
export async function sandboxAsLiveEnvironment(ctx: PlatformContext): Promise<Record<string, string>> {
  await getPlatform(ctx);
  return fromSandbox(ctx.platformId);
}
