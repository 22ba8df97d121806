import { describe, expect, it } from 'vitest';
import {
  decryptMessage,
  decryptPayload,
  encryptMessage,
  MsgCryptError,
  msgSignature,
  urlSignature,
  type MsgCryptCredentials,
} from '@/protocols/providerA/component/wx-biz-msg-crypt';

// Published vectors (docs/upstream/providerA.md TV-5, TV-6, TV-7) and the derived TV-9 D4.
const tv5: MsgCryptCredentials = {
  token: 'pamtest',
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wxb11529c136998cb6',
};
const tv5Random = Buffer.from('aaaabbbbccccdddd', 'ascii');
const tv6: MsgCryptCredentials = {
  token: '123456',
  encodingAesKey: 'kWxPEV2UEDyxWpmPdKC3F4dgPDmOvfKX1HGnEUDS1aR',
  appId: 'wx49f0ab532d5d035a',
};

const tv5XmlMsg =
  '<xml><ToUserName><![CDATA[oia2Tj我是中文jewbmiOUlr6X-1crbLOvLw]]></ToUserName><FromUserName><![CDATA[gh_7f083739789a]]></FromUserName><CreateTime>1407743423</CreateTime><MsgType><![CDATA[video]]></MsgType><Video><MediaId><![CDATA[eYJ1MbwPRJtOvIEabaxHs7TX2D-HV71s79GUxqdUkjm6Gs2Ed1KF3ulAOA9H1xG0]]></MediaId><Title><![CDATA[testCallBackReplyVideo]]></Title><Description><![CDATA[testCallBackReplyVideo]]></Description></Video></xml>';
const tv5XmlEncrypt =
  'jn1L23DB+6ELqJ+6bruv23M2GmYfkv0xBh2h+XTBOKVKcgDFHle6gqcZ1cZrk3e1qjPQ1F4RsLWzQRG9udbKWesxlkupqcEcW7ZQweImX9+wLMa0GaUzpkycA8+IamDBxn5loLgZpnS7fVAbExOkK5DYHBmv5tptA9tklE/fTIILHR8HLXa5nQvFb3tYPKAlHF3rtTeayNf0QuM+UW/wM9enGIDIJHF7CLHiDNAYxr+r+OrJCmPQyTy8cVWlu9iSvOHPT/77bZqJucQHQ04sq7KZI27OcqpQNSto2OdHCoTccjggX5Z9Mma0nMJBU+jLKJ38YB1fBIz+vBzsYjrTmFQ44YfeEuZ+xRTQwr92vhA9OxchWVINGC50qE/6lmkwWTwGX9wtQpsJKhP+oS7rvTY8+VdzETdfakjkwQ5/Xka042OlUb1/slTwo4RscuQ+RdxSGvDahxAJ6+EAjLt9d8igHngxIbf6YyqqROxuxqIeIch3CssH/LqRs+iAcILvApYZckqmA7FNERspKA5f8GoJ9sv8xmGvZ9Yrf57cExWtnX8aCMMaBropU/1k+hKP5LVdzbWCG0hGwx/dQudYR/eXp3P0XxjlFiy+9DMlaFExWUZQDajPkdPrEeOwofJb';

describe('WXBizMsgCrypt — TV-5 (WxJava, fixed random)', () => {
  it('encrypts the Chinese text message to the published ciphertext and the derived msg_signature', () => {
    const out = encryptMessage(tv5, '我是中文abcd123', { timestamp: '1409304348', nonce: 'xxxxxx', random: tv5Random });
    expect(out.encrypt).toBe(
      'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==',
    );
    expect(out.msgSignature).toBe('82c962d39941aa48552f90ef55aa323dc620cc10');
  });

  it('encrypts the XML message to the published ciphertext, and decrypts it back', () => {
    const out = encryptMessage(tv5, tv5XmlMsg, { timestamp: '1409304348', nonce: 'xxxxxx', random: tv5Random });
    expect(out.encrypt).toBe(tv5XmlEncrypt);
    expect(out.msgSignature).toBe('ea88b765074e41eb8c7a75b449db34fa2fd560d5');
    expect(
      decryptMessage(tv5, {
        encrypt: tv5XmlEncrypt,
        msgSignature: out.msgSignature,
        timestamp: '1409304348',
        nonce: 'xxxxxx',
      }),
    ).toBe(tv5XmlMsg);
  });

  it('refuses msg_signature 12345 before decrypting', () => {
    const attempt = () =>
      decryptMessage(tv5, { encrypt: tv5XmlEncrypt, msgSignature: '12345', timestamp: '1409304348', nonce: 'xxxxxx' });
    expect(attempt).toThrow(MsgCryptError);
    expect(attempt).toThrow(/msg_signature/);
  });
});

describe('WXBizMsgCrypt — TV-6 (wechatpy, published signatures)', () => {
  it('a) verifies and decrypts the URL-verification echostr; a different nonce fails', () => {
    const input = {
      encrypt: '4ByGGj+sVCYcvGeQYhaKIk1o0pQRNbRjxybjTGblXrBaXlTXeOo1+bXFXDQQb1o6co6Yh9Bv41n7hOchLF6p+Q==',
      msgSignature: 'dd6b9c95b495b3f7e2901bfbc76c664930ffdb96',
      timestamp: '1411443780',
      nonce: '437374425',
    };
    expect(decryptMessage(tv6, input)).toBe('5927782489442352469');
    expect(() => decryptMessage(tv6, { ...input, nonce: '437374424' })).toThrow(/msg_signature/);
  });

  it('b) encrypts with random 1234567890123456 to the published Encrypt and MsgSignature', () => {
    const plaintext = [
      '<xml>',
      '<MsgType><![CDATA[text]]></MsgType>',
      '<Content><![CDATA[test]]></Content>',
      '<FromUserName><![CDATA[wx49f0ab532d5d035a]]></FromUserName>',
      '<ToUserName><![CDATA[messense]]></ToUserName>',
      '<AgentID>1</AgentID>',
      '<CreateTime>1411525903</CreateTime>',
      '</xml>',
    ].join('\n');
    const out = encryptMessage(tv6, plaintext, {
      timestamp: '1411525903',
      nonce: '461056294',
      random: Buffer.from('1234567890123456'),
    });
    expect(out.encrypt).toBe(
      '9s4gMv99m88kKTh/H8IdkOiMg6bisoy3ypwy9H4hvSPe9nsGaqyw5hhSjdYbcrKk+j3nba4HMOTzHrluLBYqxgNcBqGsL8GqxlhZgURnAtObvesEl5nZ+uBE8bviY0LWke8Zy9V/QYKxNV2FqllNXcfmstttyIkMKCCmVbCFM2JTF5wY0nFhHZSjPUL2Q1qvSUCUld+/WIXrx0oyKQmpB6o8NRrrNrsDf03oxI1p9FxUgMnwKKZeOA/uu+2IEvEBtb7muXsVbwbgX05UPPJvFurDXafG0RQyPR+mf1nDnAtQmmNOuiR5MIkdQ39xn1vWwi1O5oazPoQJz0nTYjxxEE8kv3kFxtAGVRe3ypD3WeK2XeFYFMNMpatF9XiKzHo3',
    );
    expect(out.msgSignature).toBe('407518b7649e86ef23978113f92d27afa9296533');
  });

  it('c) verifies and decrypts the published message', () => {
    const encrypt =
      'RgqEoJj5A4EMYlLvWO1F86ioRjZfaex/gePD0gOXTxpsq5Yj4GNglrBb8I2BAJVODGajiFnXBu7mCPatfjsu6IHCrsTyeDXzF6Bv283dGymzxh6ydJRvZsryDyZbLTE7rhnus50qGPMfp2wASFlzEgMW9z1ef/RD8XzaFYgm7iTdaXpXaG4+BiYyolBug/gYNx410cvkKR2/nPwBiT+P4hIiOAQqGp/TywZBtDh1yCF2KOd0gpiMZ5jSw3e29mTvmUHzkVQiMS6td7vXUaWOMZnYZlF3So2SjHnwh4jYFxdgpkHHqIrH/54SNdshoQgWYEvccTKe7FS709/5t6NMxuGhcUGAPOQipvWTT4dShyqio7mlsl5noTrb++x6En749zCpQVhDpbV6GDnTbcX2e8K9QaNWHp91eBdCRxthuL0=';
    const message = decryptMessage(tv6, {
      encrypt,
      msgSignature: '74d92dfeb87ba7c714f89d98870ae5eb62dff26d',
      timestamp: '1411525903',
      nonce: '461056294',
    });
    expect(message).toBe(
      [
        '<xml><ToUserName><![CDATA[wx49f0ab532d5d035a]]></ToUserName>',
        '<FromUserName><![CDATA[messense]]></FromUserName>',
        '<CreateTime>1411525903</CreateTime>',
        '<MsgType><![CDATA[text]]></MsgType>',
        '<Content><![CDATA[test]]></Content>',
        '<MsgId>4363689963896700987</MsgId>',
        '<AgentID>1</AgentID>',
        '</xml>',
      ].join('\n'),
    );
    expect(decryptPayload(tv6.encodingAesKey, encrypt).receiveId).toBe('wx49f0ab532d5d035a');
  });

  it('refuses a correctly signed ciphertext encrypted for another receive_id', () => {
    const signed = encryptMessage(tv6, '<xml/>', { timestamp: '1', nonce: 'n' });
    expect(() =>
      decryptMessage({ ...tv6, appId: 'wx0000000000000000' }, { ...signed, timestamp: '1', nonce: 'n' }),
    ).toThrow(expect.objectContaining({ reason: 'appid_mismatch' }));
  });
});

describe('URL-verification signature — TV-7 (official docs)', () => {
  it('matches both published examples', () => {
    expect(urlSignature('AAAAA', '1714037059', '486452656')).toBe('899cf89e464efb63f54ddac96b0a0a235f53aa78');
    expect(urlSignature('AAAAA', '1714036504', '1514711492')).toBe('f464b24fc39322e44b38aa78f5edd27bd1441696');
  });
});

describe('TV-9 D4 (derived): component_verify_ticket push with TV-5 parameters', () => {
  const plaintext =
    '<xml><AppId><![CDATA[wxb11529c136998cb6]]></AppId><CreateTime>1413192605</CreateTime><InfoType><![CDATA[component_verify_ticket]]></InfoType><ComponentVerifyTicket><![CDATA[ticket@@@test]]></ComponentVerifyTicket></xml>';
  const encrypt =
    'jn1L23DB+6ELqJ+6bruv2yHmq6mx9/dumlDSDRZcLzvzFktfeXH5Zbney57reAgUS6L2T+Ue3vOXArTYtVg7LwyTns6tss4eDqoApGMJCSdnT4//3RMCqbsOiFH7RkyO1CkM/fjcto/8RAyKlnAGc6uNBMJb1FQjtIDsGk7ogLYiJGlN48Ae21Tgz8yWfjXfy0YDjDMZUZ0ekFsbCKwrd8DVspCH1pveVIxsZXzdytcGmZdTYL0OdGzRnR0BSqnxmBQ9uRMx6dS7elC9/4GPtMLd1rU7N8moZeK9GTOIdq04fPyZuXuS2A9P96qR5rBbjSUN3dc15/lTU9INUXjpHTWFt+kMoC+LP7gb+F/kUfjGbc6i5uqG2K1Hc6PtH/5T';

  it('reproduces the derived Encrypt and msg_signature', () => {
    const out = encryptMessage(tv5, plaintext, { timestamp: '1413192605', nonce: 'xxxxxx', random: tv5Random });
    expect(out).toEqual({ encrypt, msgSignature: '56f538ae9dd5338f82dd78a9b369506bf4402841' });
    expect(msgSignature('pamtest', '1413192605', 'xxxxxx', encrypt)).toBe('56f538ae9dd5338f82dd78a9b369506bf4402841');
  });

  it('refuses the ciphertext when one character is changed', () => {
    const tampered = `${encrypt.slice(0, 10)}${encrypt[10] === 'A' ? 'B' : 'A'}${encrypt.slice(11)}`;
    expect(() =>
      decryptMessage(tv5, {
        encrypt: tampered,
        msgSignature: '56f538ae9dd5338f82dd78a9b369506bf4402841',
        timestamp: '1413192605',
        nonce: 'xxxxxx',
      }),
    ).toThrow(expect.objectContaining({ reason: 'signature_mismatch' }));
  });

  it('rejects an EncodingAESKey that is not 43 base64 characters', () => {
    expect(() => encryptMessage({ ...tv5, encodingAesKey: 'short' }, 'x', { timestamp: '1', nonce: 'n' })).toThrow(
      expect.objectContaining({ reason: 'invalid_key' }),
    );
  });
});
