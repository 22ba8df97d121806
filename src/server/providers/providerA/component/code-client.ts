import { AppError } from '@/server/errors';
import { checkCommitInput, idDigits, submitAuditBody, type SubmitAuditInput } from './code-input';
import { toPng } from './qrcode-png';
import { withComponentToken, type ComponentTokenProvider } from './with-component-token';
import { createWxHttp, type WxHttpOptions } from './wx-http';

export type AuditStatus = 'approved' | 'rejected' | 'pending' | 'withdrawn' | 'delayed';
const AUDIT_STATUS: Record<number, AuditStatus> = {
  0: 'approved',
  1: 'rejected',
  2: 'pending',
  3: 'withdrawn',
  4: 'delayed',
};

export type CodeTemplate = {
  templateId: string;
  userVersion: string;
  userDesc: string;
  createdAt: Date;
  templateType: number;
  draftId?: string;
};
export type AuditResult = { status: AuditStatus; reason?: string; screenshot?: string[] };
export type LatestAudit = AuditResult & { auditId: string; userVersion: string; userDesc: string; submittedAt?: Date };
export type VersionStamp = { version: string; description: string; time: Date };
export type VersionInfo = { experience?: VersionStamp; audit?: LatestAudit; release?: VersionStamp };

export type CodeClientOptions = WxHttpOptions & {
  /** The component token (template library calls); pass `componentClient.componentAccessToken`. */
  componentAccessToken: ComponentTokenProvider;
};

type Auth = { accessToken: string };

const str = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
const obj = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const time = (seconds: unknown) => new Date(Number(seconds ?? 0) * 1000);

/** Reads an integer id from the raw JSON text: WeChat ids can outgrow a double's exact range. */
function rawId(text: string, field: string): string | undefined {
  return text.match(new RegExp(`"${field}"\\s*:\\s*"?(\\d+)`))?.[1];
}

function auditResult(body: Record<string, unknown>): AuditResult {
  const status = AUDIT_STATUS[Number(body.status)];
  if (!status) throw new AppError('upstream_unavailable', 'providerA answered with an unknown audit status.');
  const reason = str(body.reason);
  const shots = str(body.screenshot ?? body.ScreenShot)
    .split('|')
    .filter(Boolean);
  return { status, ...(reason ? { reason } : {}), ...(shots.length ? { screenshot: shots } : {}) };
}

function stamp(info: unknown, prefix: 'exp' | 'release'): VersionStamp | undefined {
  const o = obj(info);
  const when = Number(o[`${prefix}_time`] ?? 0);
  if (!when) return undefined;
  return { version: str(o[`${prefix}_version`]), description: str(o[`${prefix}_desc`]), time: time(when) };
}

/**
 * Mini-program code management on behalf of an authorizer (docs/upstream/providerA.md D). Calls take the authorizer's
 * access token; a refused token surfaces as TokenExpiredError so the caller refreshes (C.8) and retries once.
 */
export function createCodeClient(options: CodeClientOptions) {
  const http = createWxHttp(options);

  const authorizer = async (request: {
    method: 'GET' | 'POST';
    path: string;
    accessToken: string;
    body?: string;
    query?: Record<string, string | undefined>;
    idempotent: boolean;
  }) =>
    http.json({ ...request, query: { ...request.query, access_token: request.accessToken }, tokenKind: 'authorizer' });

  async function getLatestAuditStatus({ accessToken }: Auth): Promise<LatestAudit | null> {
    try {
      const { body, text } = await authorizer({
        method: 'GET',
        path: '/wxa/get_latest_auditstatus',
        accessToken,
        idempotent: true,
      });
      const submitted = Number(body.submit_audit_time ?? 0);
      return {
        ...auditResult(body),
        auditId: rawId(text, 'auditid') ?? '',
        userVersion: str(body.user_version),
        userDesc: str(body.user_desc),
        ...(submitted ? { submittedAt: time(submitted) } : {}),
      };
    } catch (error) {
      // 85058 "no valid audit_id exist": nothing was ever submitted.
      if (error instanceof AppError && error.errors.some((e) => e.code === 'providerA_85058')) return null;
      throw error;
    }
  }

  return {
    /** The platform's template library (D.2); `templateType` 0 ordinary, 1 standard, omitted all. */
    async listTemplates(input: { templateType?: 0 | 1 } = {}): Promise<CodeTemplate[]> {
      const { body } = await withComponentToken(options.componentAccessToken, (token) =>
        http.json({
          method: 'GET',
          path: '/wxa/gettemplatelist',
          query: {
            access_token: token,
            template_type: input.templateType === undefined ? undefined : String(input.templateType),
          },
          tokenKind: 'component',
          idempotent: true,
        }),
      );
      const list = Array.isArray(body.template_list) ? body.template_list : [];
      return list.map((item) => {
        const t = obj(item);
        const draftId = t.draft_id === undefined ? undefined : str(t.draft_id);
        return {
          templateId: str(t.template_id),
          userVersion: str(t.user_version),
          userDesc: str(t.user_desc),
          createdAt: time(t.create_time),
          templateType: Number(t.template_type ?? 0),
          ...(draftId ? { draftId } : {}),
        };
      });
    },

    /** Uploads template code as the experience version (D.3). `extJson` is sent as a string, never an object. */
    async commit(
      input: Auth & { templateId: number | string; extJson: string; userVersion: string; userDesc: string },
    ): Promise<void> {
      checkCommitInput(input);
      const templateId = idDigits(input.templateId, '/templateId', 'templateId');
      const rest = JSON.stringify({
        ext_json: input.extJson,
        user_version: input.userVersion,
        user_desc: input.userDesc,
      });
      await authorizer({
        method: 'POST',
        path: '/wxa/commit',
        accessToken: input.accessToken,
        body: `{"template_id":${templateId},${rest.slice(1)}`,
        idempotent: true,
      });
    },

    /** The experience version's QR code as PNG bytes (D.4: upstream sends JPEG, errors as JSON). */
    async getQrcode(input: Auth & { path?: string }): Promise<Uint8Array> {
      const result = await http.call({
        method: 'GET',
        path: '/wxa/get_qrcode',
        query: { access_token: input.accessToken, path: input.path },
        tokenKind: 'authorizer',
        idempotent: true,
        acceptImage: true,
      });
      if (result.kind !== 'image')
        throw new AppError('upstream_unavailable', 'providerA answered get_qrcode without an image.');
      return toPng(result.bytes);
    },

    async getCategories({ accessToken }: Auth) {
      const { body } = await authorizer({ method: 'GET', path: '/wxa/get_category', accessToken, idempotent: true });
      return (Array.isArray(body.category_list) ? body.category_list : []).map((c) => {
        const o = obj(c);
        return {
          firstClass: str(o.first_class),
          secondClass: str(o.second_class),
          thirdClass: str(o.third_class) || undefined,
          firstId: Number(o.first_id),
          secondId: Number(o.second_id),
          thirdId: o.third_id === undefined ? undefined : Number(o.third_id),
        };
      });
    },

    async getPages({ accessToken }: Auth): Promise<string[]> {
      const { body } = await authorizer({ method: 'GET', path: '/wxa/get_page', accessToken, idempotent: true });
      return (Array.isArray(body.page_list) ? body.page_list : []).map(str);
    },

    /** Submits the experience version for review (D.6). 85009 → audit_in_progress, 85085 → rate_limited. */
    async submitAudit(input: Auth & SubmitAuditInput): Promise<{ auditId: string }> {
      const { text } = await authorizer({
        method: 'POST',
        path: '/wxa/submit_audit',
        accessToken: input.accessToken,
        body: JSON.stringify(submitAuditBody(input)),
        idempotent: false,
      });
      const auditId = rawId(text, 'auditid');
      if (!auditId) throw new AppError('upstream_unavailable', 'providerA answered submit_audit without an auditid.');
      return { auditId };
    },

    async getAuditStatus(input: Auth & { auditId: string }): Promise<AuditResult> {
      const auditId = idDigits(input.auditId, '/auditId', 'auditId');
      const { body } = await authorizer({
        method: 'POST',
        path: '/wxa/get_auditstatus',
        accessToken: input.accessToken,
        body: `{"auditid":${auditId}}`,
        idempotent: true,
      });
      return auditResult(body);
    },

    /** The latest audit, or null when the mini program never submitted one. */
    getLatestAuditStatus,

    /** Withdraws the audit under way (D.8; 5/day, 10/month → rate_limited). */
    async withdrawAudit({ accessToken }: Auth): Promise<void> {
      await authorizer({ method: 'GET', path: '/wxa/undocodeaudit', accessToken, idempotent: false });
    },

    /** Releases the last approved version (D.8); 85019/85020 → audit_not_approved. */
    async release({ accessToken }: Auth): Promise<void> {
      await authorizer({ method: 'POST', path: '/wxa/release', accessToken, body: '{}', idempotent: false });
    },

    /**
     * Phased release of the last approved version to `grayPercentage` % of users (D.8a); called again with a higher
     * percentage to widen it. 85079 no online version, 85080 not approved, 85081 bad percentage, 85082 not higher.
     */
    async grayRelease(input: Auth & { grayPercentage: number }): Promise<void> {
      await authorizer({
        method: 'POST',
        path: '/wxa/grayrelease',
        accessToken: input.accessToken,
        body: JSON.stringify({ gray_percentage: input.grayPercentage }),
        idempotent: false,
      });
    },

    /** The current phased release: status 0 none, 1 running, 2 paused, 3 finished, 4 revoked (D.8a). */
    async getGrayReleasePlan({ accessToken }: Auth): Promise<{ status: number; grayPercentage: number }> {
      const { body } = await authorizer({
        method: 'GET',
        path: '/wxa/getgrayreleaseplan',
        accessToken,
        idempotent: true,
      });
      const plan = (body.gray_release_plan ?? {}) as Record<string, unknown>;
      return { status: Number(plan.status ?? 0), grayPercentage: Number(plan.gray_percentage ?? 0) };
    },

    /** Rolls the online version back to the previous release (or `appVersion`); 87012 → conflict. */
    async revertCodeRelease(input: Auth & { appVersion?: number }): Promise<void> {
      const query = input.appVersion === undefined ? undefined : { app_version: String(input.appVersion) };
      await authorizer({
        method: 'GET',
        path: '/wxa/revertcoderelease',
        accessToken: input.accessToken,
        query,
        idempotent: false,
      });
    },

    /** Experience and released versions (getversioninfo) plus the latest audit (get_latest_auditstatus). */
    async getVersionInfo(auth: Auth): Promise<VersionInfo> {
      const [{ body }, audit] = await Promise.all([
        authorizer({
          method: 'POST',
          path: '/wxa/getversioninfo',
          accessToken: auth.accessToken,
          body: '{}',
          idempotent: true,
        }),
        getLatestAuditStatus(auth),
      ]);
      const experience = stamp(body.exp_info, 'exp');
      const release = stamp(body.release_info, 'release');
      return { ...(experience ? { experience } : {}), ...(audit ? { audit } : {}), ...(release ? { release } : {}) };
    },

    async bindTester(input: Auth & { wechatId: string }): Promise<{ userStr: string }> {
      const { body } = await authorizer({
        method: 'POST',
        path: '/wxa/bind_tester',
        accessToken: input.accessToken,
        body: JSON.stringify({ wechatid: input.wechatId }),
        idempotent: false,
      });
      return { userStr: str(body.userstr) };
    },

    async unbindTester(input: Auth & ({ wechatId: string } | { userStr: string })): Promise<void> {
      const body = 'wechatId' in input ? { wechatid: input.wechatId } : { userstr: input.userStr };
      await authorizer({
        method: 'POST',
        path: '/wxa/unbind_tester',
        accessToken: input.accessToken,
        body: JSON.stringify(body),
        idempotent: true,
      });
    },

    /** Testers as opaque `userStr`s: WeChat never returns the WeChat ids (D.9). */
    async listTesters({ accessToken }: Auth): Promise<{ userStr: string }[]> {
      const { body } = await authorizer({
        method: 'POST',
        path: '/wxa/memberauth',
        accessToken,
        body: '{"action":"get_experiencer"}',
        idempotent: true,
      });
      return (Array.isArray(body.members) ? body.members : []).map((m) => ({ userStr: str(obj(m).userstr) }));
    },

    /** The mini program's basic account info (D.10). */
    async getAccountBasicInfo({ accessToken }: Auth) {
      const { body } = await authorizer({
        method: 'GET',
        path: '/cgi-bin/account/getaccountbasicinfo',
        accessToken,
        idempotent: true,
      });
      return {
        appId: str(body.appid),
        accountType: Number(body.account_type ?? 0),
        principalType: Number(body.principal_type ?? 0),
        principalName: str(body.principal_name),
        realnameStatus: Number(body.realname_status ?? 0),
        nickname: str(body.nickname) || str(obj(body.nickname_info).nickname),
        headImageUrl: str(obj(body.head_image_info).head_image_url),
        signature: str(obj(body.signature_info).signature),
        customerType: body.customer_type === undefined ? undefined : Number(body.customer_type),
        registeredCountry: body.registered_country === undefined ? undefined : Number(body.registered_country),
      };
    },
  };
}

export type CodeClient = ReturnType<typeof createCodeClient>;
