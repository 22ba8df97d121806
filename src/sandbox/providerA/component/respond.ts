import { randomBytes } from 'node:crypto';

/** WeChat's errmsg texts for the codes the emulator returns (docs/upstream/providerA.md C, D.12). */
const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  40001: 'invalid credential, access_token is invalid or not latest',
  40013: 'invalid appid',
  40066: 'invalid url',
  40125: 'invalid appsecret',
  41001: 'access_token missing',
  41002: 'appid missing',
  41004: 'appsecret missing',
  42001: 'access_token expired',
  43001: 'require GET method',
  43002: 'require POST method',
  44002: 'empty post data',
  47001: 'data format error',
  61003: 'component is not authorized by this account',
  61005: 'component ticket is expired',
  61006: 'component ticket is invalid',
  61007: 'api is unauthorized to component',
  61009: 'code is invalid',
  61010: 'code is expired',
  61011: 'invalid component',
  61023: 'refresh_token is invalid',
  85001: 'user not exist',
  85002: 'tester count reach limit',
  85004: 'user already bind',
  85006: 'tag format error',
  85007: 'page path error',
  85008: 'category error',
  85009: 'already submit a version under auditing',
  85010: 'item_list has empty item',
  85011: 'title format error',
  85012: 'invalid audit id',
  85013: 'invalid ext_json',
  85014: 'template_id not exist',
  85019: 'no version is under auditing',
  85020: 'status not allowed',
  85023: 'item_list count invalid',
  85045: 'some path in ext_json not exist',
  85046: 'pagePath missing in tabbar list',
  85052: 'app is already released',
  85058: 'no valid audit_id exist',
  85079: 'miniprogram has no online release',
  85080: 'miniprogram commit not approved',
  85081: 'invalid gray percentage',
  85082: 'gray percentage must be higher than the current one',
  85085: 'submit audit reach limit, please try later',
  85086: 'must commit before submit audit',
  86001: 'component experience version not exists',
  87011: 'gray release is running, can not revert',
  87012: 'can not revert this version',
  87013: 'no quota to undo code',
};

const rid = () =>
  `${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;

/** WeChat answers HTTP 200 with JSON whatever happened; errors are in errcode/errmsg. */
export function wxJson(body: Record<string, unknown>, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; encoding=utf-8' },
  });
}

export function wxOk(extra: Record<string, unknown> = {}): Response {
  return wxJson({ errcode: 0, errmsg: 'ok', ...extra });
}

export function wxError(errcode: number, detail?: string): Response {
  const text = ERRMSG[errcode] ?? 'error';
  return wxJson(
    { errcode, errmsg: `${text}${detail ? `: ${detail}` : ''} rid: ${rid()}` },
    errcode === 40066 ? 404 : 200,
  );
}
