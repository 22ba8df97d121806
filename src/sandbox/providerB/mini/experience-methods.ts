import QRCode from 'qrcode';
import { formatGatewayTimestamp } from '@/protocols/providerB/gateway/timestamp';
import { saveApp } from './mini-store';
import { proxiedMethod, requireVersion, versionMissing } from './proxied';

/** Launch link of a trial version (shape of Alipay's debug launch links; exact parameters unconfirmed). */
export const experienceSchemaUrl = (authAppId: string, appVersion: string) =>
  `alipays://platformapi/startapp?appId=${authAppId}&nbsn=TRIAL&nbsource=debug&nbversion=${appVersion}`;

/** `alipay.open.mini.experience.create` (C.7): any live version (not offline) can be the trial version. */
export const experienceCreateMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz, [
    'INIT',
    'AUDITING',
    'AUDIT_REJECT',
    'WAIT_RELEASE',
    'BASE_AUDIT_PASS',
    'GRAY',
    'RELEASE',
  ]);
  await saveApp(ctx.store, {
    ...app,
    experience: { app_version: version.app_version, created_at: formatGatewayTimestamp(ctx.now()) },
  });
  return {};
});

/**
 * `alipay.open.mini.experience.query` (C.7). The sandbox has no image host, so `exp_qr_code_url` is a
 * `data:image/png;base64,…` URL of a real QR code for the launch link (fetch() reads data: URLs too).
 */
export const experienceQueryMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz);
  if (app.experience?.app_version !== version.app_version) return { status: 'notExpVersion' };
  const schema = experienceSchemaUrl(app.auth_app_id, version.app_version);
  return {
    status: 'expVersionPackged',
    exp_qr_code_url: await QRCode.toDataURL(schema, { margin: 2, width: 256 }),
    exp_schema_url: schema,
  };
});

/** `alipay.open.mini.experience.cancel` (C.7). */
export const experienceCancelMethod = proxiedMethod(async ({ biz }, ctx, app) => {
  const version = await requireVersion(ctx, app, biz);
  if (app.experience?.app_version !== version.app_version) throw versionMissing();
  await saveApp(ctx.store, { ...app, experience: undefined });
  return {};
});
