import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from '@/i18n/messages/en';
import { zhCN } from '@/i18n/messages/zh-CN';
import { messagesFor, translator } from '@/i18n/translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// English strings that quote a value the API or an upstream takes literally, in Chinese (长期, 其他银行).
const quotesAnUpstreamValue = new Set<MessageKey>([
  'docs.format.datePermanent',
  'docs.required.branch',
  'subMerchants.field.permanent',
]);

describe('console strings', () => {
  it('each catalog has every key of the other (the failure names the missing keys)', () => {
    const zhKeys = new Set(Object.keys(zhCN));
    const enKeys = new Set(Object.keys(en));
    expect([...enKeys].filter((key) => !zhKeys.has(key))).toEqual([]);
    expect([...zhKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect(Object.entries(zhCN).filter(([, v]) => v.trim().length === 0)).toEqual([]);
    expect(Object.entries(en).filter(([, v]) => v.trim().length === 0)).toEqual([]);
  });

  it('a string takes the same {placeholders} in both languages', () => {
    const differing = (Object.keys(en) as MessageKey[]).filter(
      (key) => placeholders(en[key]).join() !== placeholders(zhCN[key]).join(),
    );
    expect(differing).toEqual([]);
  });

  it('Chinese strings hold no English sentence, English strings no Chinese', () => {
    const englishSentence = /[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}/;
    expect(Object.entries(zhCN).filter(([, v]) => englishSentence.test(v))).toEqual([]);
    expect(
      (Object.keys(en) as MessageKey[]).filter(
        (key) => /[\u4e00-\u9fff]/.test(en[key]) && !quotesAnUpstreamValue.has(key),
      ),
    ).toEqual([]);
  });

  it('fills placeholders', () => {
    expect(translator('en')('nav.platform')).toBe('Platform');
    expect(translator('zh-CN')('nav.platform')).toBe('平台');
    expect(translator('zh-CN')('ui.typeToConfirm', { text: 'Default key' })).toBe('请输入“Default key”以确认');
  });

  it('hands a screen only the namespaces it asks for, in its language', () => {
    const messages = messagesFor('zh-CN', ['nav', 'common']);
    expect(messages['nav.platform']).toBe('平台');
    expect(Object.keys(messages).every((key) => key.startsWith('nav.') || key.startsWith('common.'))).toBe(true);
    expect(messages['subMerchants.wizard.title']).toBeUndefined();
    expect(Object.keys(messagesFor('en'))).toHaveLength(Object.keys(en).length);
  });
});
