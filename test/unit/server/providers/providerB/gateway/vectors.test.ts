import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { certSn, rootCertSn } from '@/protocols/providerB/gateway/cert-sn';
import { loadPrivateKey, loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { notificationSignContent, verifyNotificationSignature } from '@/protocols/providerB/gateway/notification';
import { extractResponseNode, verifyGatewayResponse } from '@/protocols/providerB/gateway/response-envelope';
import { buildSignContent, rsa2Sign, rsa2Verify } from '@/protocols/providerB/gateway/signature';
import { fixture, TV7E } from '../../../../../support/providerB-fixtures';

const APP_PRIV = loadPrivateKey(fixture('app-private-key.pem'));
const APP_PUB = loadPublicKey(fixture('app-public-key.pem'));
const ALIPAY_PUB = loadPublicKey(fixture('alipay-public-key.pem'));
const EMU_PRIV = loadPrivateKey(fixture('app_2014060600164699_rsa2_private_key_no_wrapper.pem'));
const EMU_PUB = loadPublicKey(fixture('app_2014060600164699_rsa2_public_key_no_wrapper.pem'));
const NOTIFY_V1 = loadPublicKey(fixture('alipay-notify-sign-public-key-v1-inline.pem'));
const NOTIFY_V2 = loadPublicKey(fixture('alipay-notify-sign-public-key-v2.pem'));

/** Vector contents are `k=v&…` with no `&` or `=` inside values, so they split back into params. */
const paramsOf = (content: string, extra: Record<string, string>) => ({
  ...Object.fromEntries(content.split('&').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
  ...extra,
});

describe('TV-0 keys', () => {
  it('APP and EMU pairs match, whatever the wrapping', () => {
    expect(rsa2Verify('x', rsa2Sign('x', APP_PRIV), APP_PUB)).toBe(true);
    expect(rsa2Verify('x', rsa2Sign('x', EMU_PRIV), EMU_PUB)).toBe(true);
    expect(rsa2Verify('x', rsa2Sign('x', EMU_PRIV), APP_PUB)).toBe(false);
    const bare = fixture('app-private-key.pem').replace(/-----[A-Z ]+-----/g, '');
    expect(rsa2Sign('x', loadPrivateKey(bare))).toBe(rsa2Sign('x', APP_PRIV));
  });
});

describe('TV-1 / TV-2 response signatures', () => {
  const tv1Sign =
    'F+LDzpTNiavn7xVZPGuPCSSVRSmWzJGgtuji6tVELGEaqMaNj0jRKXUEr5nloZJBBmwEnddOyCjjepMmrTKTvoOqQ0Efxpr/R1iEeHTHVbb/Q8TTh6Up5gHJDkILdaWS2q1cWeQ6VT+HQY9P3WRXS7uhILHuDODIhpAyCu5KhWGt0rMCIG+Im6NODJP2oohtSCtmTFXg58HH587Z2y2bdbjzOxLvzD9IrU1imghXQ2S/Q+wMIvRk9on6cWnBLkrNvJKapA2ReNGWOwyuASvB9zDVzhMPbR+3mfRGkVDxsq5HYLjBKGskJMXHw0HuugZij6ScRuaLPODhmHwr/pJ9yw==';
  const tv1 = (sign: string) =>
    `{"alipay_open_file_upload_response":{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"},"sign":"${sign}"}`;

  it('TV-1 success verifies and a wrong sign is refused', () => {
    const res = verifyGatewayResponse(tv1(tv1Sign), 'alipay.open.file.upload', ALIPAY_PUB);
    expect(res.payload.file_id).toBe('CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr');
    expect(res.signed).toBe(true);
    expect(() => verifyGatewayResponse(tv1('wrong-sing'), 'alipay.open.file.upload', ALIPAY_PUB)).toThrow(
      /does not verify/,
    );
    expect(() =>
      verifyGatewayResponse(tv1(tv1Sign).replace('CAxA', 'DAxA'), 'alipay.open.file.upload', ALIPAY_PUB),
    ).toThrow(/does not verify/);
  });

  it('TV-1 without sign is an error (unsigned success)', () => {
    const unsigned = '{"alipay_open_file_upload_response":{"code":"10000","msg":"Success","file_id":"x"}}';
    expect(() => verifyGatewayResponse(unsigned, 'alipay.open.file.upload', ALIPAY_PUB)).toThrow(/not signed/);
  });

  it('TV-2 signed business error verifies (with &amp; kept verbatim)', () => {
    const content =
      '{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature","sub_msg":"验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：app_id=2021000122671080&amp;charset=utf-8&amp;method=alipay.security.risk.content.analyze&amp;sign_type=RSA2&amp;timestamp=2024-05-13 17:49:20&amp;version=1.0"}';
    const sign =
      'GJpcj4/ylSq1tK1G2AWOKJwC/RudLpjANiT2LMYRRY7Aveb0xj2N4Hi1hoIctB+8vusl9qdfFGZZUpReMsnbz19twzvPEYXE6EPZmd00hymmVTch5SFceEU/sb6WY0Fae/EDr51lR5XurUWsxeOHMz/MiiiJsQT0c8lZlpxOEZ9gA6urN4mSfxMKksryCVb9seZhqmBMAGoLg+MMlrUQqstichteg2qdwFMq5pPFzoTmgDcmMsBspjsLR8Wy/b65Z/wNrsXc0OiWSVfP4d0O/J0lD4RrzdJ2zuV6PVWvGrPx/76DajnFYvzWNDeogfFWNA2b4LWByIFCQ0E3yEdOZQ==';
    const raw = `{"alipay_security_risk_content_analyze_response":${content},"sign":"${sign}"}`;
    const res = verifyGatewayResponse(raw, 'alipay.security.risk.content.analyze', ALIPAY_PUB);
    expect(res.payload.sub_code).toBe('isv.invalid-signature');
    expect(() =>
      verifyGatewayResponse(raw.replace('40002', '40004'), 'alipay.security.risk.content.analyze', ALIPAY_PUB),
    ).toThrow();
  });
});

describe('TV-3 substring extraction', () => {
  const key = 'alipay_offline_material_image_upload_response';
  const node =
    '{"code":"10000","msg":"Success","image_id":"Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED","image_url":"http:\\/\\/oalipay-dl-django.alicdn.com\\/rest\\/1.0\\/image?fileIds=Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED&zoom=original"}';
  it('A: compact', () => {
    expect(extractResponseNode(`{"${key}":${node},"sign":"P8x"}`, key)).toBe(node);
  });
  it('B: whitespace outside the object', () => {
    expect(extractResponseNode(`{\n  "${key}" :\n   ${node}  \n  ,\n "sign":"P8x"}`, key)).toBe(node);
  });
  it('C: an inner "sign" field and braces inside strings are kept', () => {
    const inner = '{"code":"10000","sign":"xxx","msg":"a } { \\" brace"}';
    expect(extractResponseNode(`{"${key}":${inner},"sign":"yyy"}`, key)).toBe(inner);
  });
});

describe('TV-4 / TV-5 notifications', () => {
  it('TV-4 payment notify verifies only without sign_type', () => {
    const content =
      'app_id=2019073166072302&auth_app_id=2019073166072302&buyer_id=2088102534368455&buyer_logon_id=xud***@126.com&buyer_pay_amount=0.10&charset=utf-8&fund_bill_list=[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]&gmt_create=2019-08-15 15:56:22&gmt_payment=2019-08-15 15:56:24&invoice_amount=0.10&notify_id=2019081500222155624068450559358070&notify_time=2019-08-15 15:56:25&notify_type=trade_status_sync&out_trade_no=20190815155618536-564-57&point_amount=0.00&receipt_amount=0.10&seller_email=z97-yuquerevenue@service.aliyun.com&seller_id=2088531891668739&subject=语雀空间 500人规模&total_amount=0.10&trade_no=2019081522001468450512505578&trade_status=TRADE_SUCCESS&version=1.0';
    const sign =
      'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==';
    const params = paramsOf(content, { sign_type: 'RSA2', sign });
    expect(notificationSignContent(params, false)).toBe(content);
    expect(verifyNotificationSignature(params, NOTIFY_V1, 'exclude-sign-type')).toBe(true);
    expect(verifyNotificationSignature(params, NOTIFY_V1, 'include-sign-type')).toBe(false);
    expect(verifyNotificationSignature(params, NOTIFY_V1)).toBe(true);
    // Round trip through a form body (values decoded exactly once).
    expect(
      verifyNotificationSignature(
        Object.fromEntries(new URLSearchParams(new URLSearchParams(params).toString())),
        NOTIFY_V1,
      ),
    ).toBe(true);
    expect(verifyNotificationSignature({ ...params, total_amount: '10.00' }, NOTIFY_V1)).toBe(false);
  });

  it('TV-5 servicemarket notify verifies only with sign_type', () => {
    const content =
      'app_id=2017122801303261&charset=UTF-8&commodity_order_id=2019030800000018079639&contactor=技术支持测试的公司&merchant_pid=2088721996721370&method=alipay.open.servicemarket.order.notify&name=技术支持测试的公司&notify_id=2019030800222102023008121054923345&notify_time=2019-03-08 10:20:23&notify_type=servicemarket_order_notify&order_item_num=1&order_ticket=29b1c37d99ab48c5bd5bdaeaeaefbB37&order_time=2019-03-08 10:20:08&phone=17826894615&service_code=58621634&sign_type=RSA2&timestamp=2019-03-08 10:20:23&title=麦禾商城模版&total_price=0.00&version=1.0';
    const sign =
      'MsK5SCw8oqLw4f0hiNSd5OVGXxBY3wnQeT8vn5PklJSZFWSZbK4hQbNvkp4ZezeXQH514cEv0ul6Qow8yh6e6yM06LfEL+EZjcpZ0nxzFGRNQ5qq2AUc1OaXQdk92AGvxh+Iq4NGpPQFBd4D8EBJa3NJd8+czMfQskceosOQFqUtLQMYa5DPs+VpN7VM5BdXjaVIuKn5d9Wm2B9dI9ObIM+YRySDkZZPv14DVmUvcrcqJfOR8aHvtSd7B4l92wUQPQgQKNcOQho7xOHS/Bk+Y74AZL2y7TkNmdDoq9OGsThuF5tDW9rI9nVwXxOtsuB+bstra+W7aw9x9DvkKgdSRw==';
    const params = paramsOf(content, { sign });
    expect(notificationSignContent(params, true)).toBe(content);
    expect(verifyNotificationSignature(params, NOTIFY_V2, 'include-sign-type')).toBe(true);
    expect(verifyNotificationSignature(params, NOTIFY_V2, 'exclude-sign-type')).toBe(false);
    expect(verifyNotificationSignature(params, NOTIFY_V2)).toBe(true);
    expect(verifyNotificationSignature({ ...params, service_code: '58621634111' }, NOTIFY_V2)).toBe(false);
  });
});

describe('TV-6 certificate SNs', () => {
  it('matches the published SNs and public key', () => {
    expect(certSn(fixture('appCertPublicKey_2021001161683774.crt'))).toBe('866efef280dec9137a87d047ac446315');
    expect(certSn(fixture('alipayCertPublicKey_RSA2.crt'))).toBe('7513daaaa48aa3ba2e4018d84402479c');
    expect(rootCertSn(fixture('alipayRootCert.crt'))).toBe(
      '687b59193f3f462dd5336e5abf83c5d8_02941eef3187dddf3d3b83462e1dfcf6',
    );
    const spki = loadPublicKey(fixture('alipayCertPublicKey_RSA2.crt'))
      .export({ type: 'spki', format: 'der' })
      .toString('base64');
    expect(spki).toBe(
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAhoVesfcGvUv1XvUndmX0rmSZ/2posJBCooySbSVFpV79RtHMzrVz2aKkC3WvOXeT5iNeQK4mK8gp3vNkWrHTkQGx5BcmkeO1WS384CQde7dAS0gmxeFs5bs+cCQqV2A2c2R9/5rJMtFtp1Ot/rIiMBUn6Ei0UoztM7AneavqQEzSwYlCKNhPFFtHCiz7u4O5R9CIyvUmYr+zpem2HXBN9ygPAZ0aXBQipGbc45+G07ZCNsmY4hV/Igya1aBf+Ye8p10Ew8uBBri0sIknhSC2LqKKy2IH1fO6q1d1jhN240QRHvbpRNv60kAfZsEulBASBrCMBi49NiJyr5nre7SNywIDAQAB',
    );
    expect(new X509Certificate(fixture('alipayCertPublicKey_RSA2.crt')).serialNumber).toBeTruthy();
  });
});

describe('TV-7 derived vectors', () => {
  it('7a request string-to-sign and signature', () => {
    const params = {
      app_id: '2021000122671080',
      method: 'alipay.open.mini.version.detail.query',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2024-05-13 17:49:20',
      version: '1.0',
      app_auth_token: '202007BBbf2c01e84b464234910c43ff65c54X09',
      notify_url: '',
      biz_content: '{"app_version":"0.0.1","bundle_id":"com.alipay.alipaywallet"}',
    };
    const content = buildSignContent(params);
    expect(content).toBe(
      'app_auth_token=202007BBbf2c01e84b464234910c43ff65c54X09&app_id=2021000122671080&biz_content={"app_version":"0.0.1","bundle_id":"com.alipay.alipaywallet"}&charset=utf-8&format=JSON&method=alipay.open.mini.version.detail.query&sign_type=RSA2&timestamp=2024-05-13 17:49:20&version=1.0',
    );
    expect(rsa2Sign(content, APP_PRIV)).toBe(TV7A_SIGN);
    expect(rsa2Verify(content, TV7A_SIGN, APP_PUB)).toBe(true);
  });

  it('7b emulator response verifies with EMU_PUB', () => {
    const node = '{"code":"10000","msg":"Success","app_version":"0.0.1","status":"AUDITING","version_desc":"demo"}';
    expect(rsa2Sign(node, EMU_PRIV)).toBe(TV7B_SIGN);
    const raw = `{"alipay_open_mini_version_detail_query_response":${node},"sign":"${TV7B_SIGN}"}`;
    expect(verifyGatewayResponse(raw, 'alipay.open.mini.version.detail.query', EMU_PUB).payload.status).toBe(
      'AUDITING',
    );
  });

  it('7c / 7d v3 strings sign to the published values (primitive only; v3 transport not implemented)', () => {
    const c =
      'app_id=2021000122671080,nonce=4f14052a803e6219a069e9635961a5a5,timestamp=1717756911576\nPOST\n/v3/alipay/open/mini/version/audit/cancel\n{"app_version":"0.0.1"}\n202007BBbf2c01e84b464234910c43ff65c54X09\n';
    expect(rsa2Sign(c, APP_PRIV)).toBe(
      'BzWagogVieXeUXKR+IbMf351f9OfMPx/vRin+sYTX+yK7jxXsYTxqIR6a4lgaqzfOEtoS3cG264RN827Z2ff3NM9ibN5vwFupKTdjIPJJwkiDOE7Yqf/iV0Jq35oZ7HtTMSFXl9M+EIERttnwiN9DPxtBnXqFpxygV0oDqY+pmQG42qd/5XyT9JcZu0LlimtAHgQNjT7Qqwna2cWNPTj/1MOZrkr3tIEoS5XRirHJlP9ZEKh8a/EkQr8HWIkf/7fjMjwLEdFaWWjBuxuErXY+CyVxtZAa6Aafy2K2XqahVe66bvxigKPHhqoF5OPE09PwVFmPQzz46lxO2ZjtP2Hfw==',
    );
    const d = '1717756911999\n7b1e5a0c2d3f4e5d6c7b8a9f0e1d2c3b\n{"speed_up":"false"}\n';
    expect(rsa2Sign(d, EMU_PRIV)).toBe(
      'Fbxa84vYE3wyc9d77N6mUuxDTquuJTBb0/7FqKrItghtZBvCoAe9ezFcKp9D640dYqFhe+okF/EoJoIp3VaQnlXA0wRehVXu+1nTaJBd9FM4eSWNR7jwS9l9wYA9l3NtbKu9Xzi68sgSjwc5qSXdEqi+rgA+ERl7CXefSFqH8B9nTY32DXbboZpp4TLWedyqKyipOlytBsTbjOyIvR/AVAlDdUUb3mglwmOuV3WQ2HrJX3YjmyncGpE//UD/xCJ4ZEvtEjcHDAy7TjKzjeWVpQ47yDviPXjnN1Sq/KVnldS2cZH8XNluyjN6gmyvsNfBWdYv3nthxVkMSazZbqRMpQ==',
    );
  });

  it('7e message-service notify: content and signature', () => {
    const content = notificationSignContent(TV7E, false);
    expect(content).toBe(
      'app_id=2021000122671080&biz_content={"mini_app_id":"2021004100000001","mini_app_version":"0.0.1"}&charset=UTF-8&msg_method=alipay.open.mini.version.audit.passed&msg_type=sys&notify_id=2024051300222174920012345678901234&utc_timestamp=1715593760000&version=1.1',
    );
    expect(rsa2Sign(content, EMU_PRIV)).toBe(TV7E.sign);
    expect(verifyNotificationSignature(TV7E, EMU_PUB)).toBe(true);
  });
});

const TV7A_SIGN =
  'X1uBdLeggOzO3RemqkPaCMWw7+b0NUNAW2ot93X7famQvZFuyWgSjbqC8BtoNFULSQMWuxEgr7xp/8fHMA2W5hDnvMpPf8NFI9RO1VfM5F2Q6a2pEJWP81PAosDmEuavhHablAOGxGKJ3J3b+t48RGrwwc+CJ+XKH3XjfADQNdU/s56W0IsMtb3c83EpU39XkztxJP/JFD656881gRiAy6aYn/JXV5Iz7raZk5PgaLPR7h3tGCLkWsu3mldImVmIRm3zYgnBIBFIqAOXwu4GYnXgtFWsaF0vhnlZuqnPaCUGN83BeKFDqAStGHAt91aIqkwO8opSUOlGswUcpbXiNw==';
const TV7B_SIGN =
  'nxRVXYnVSD0L6jCzxow0Cqg6ZE+Nm40iOS0PyJptpzo+NZ+Ogx+++zFMjJq9Gom1CBpUWezULqXAheLyNhKeMNSm5yGFgci1+/0G1dEPYl5rrubzqG35Edj+HZ2RKxeqmPKrt/efNpfAV16VUrY6MZBcisnM+hTYAntyiZIjofGxNR+YjaKUdia5k8feJ+6EhCVY2pKiH7iaB8rhRSZ11ttHw70yed8fmw4+/wohnqITXjMNXfWJ0YEDziB8Ke2Kb5gpasiNPoShjGYmLhtUE/JGkWUISa+7bLsPhmsNPBgZGdXj4xEeurfJERBJUJP3R6tS906mKoQzX1mVxw4Irg==';
