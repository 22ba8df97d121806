import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/messages/en';
import { zhCN } from '@/i18n/messages/zh-CN';
import { messagesFor, translator } from '@/i18n/translate';

describe('console strings', () => {
  it('zh-CN and en have the same keys and no empty strings', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    expect(Object.values(zhCN).every((v) => v.trim().length > 0)).toBe(true);
  });

  it('fills placeholders', () => {
    expect(translator('en')('nav.platform')).toBe('Platform');
    expect(translator('zh-CN')('nav.platform')).toBe('平台');
  });

  it('hands a screen only the namespaces it asks for, in its language', () => {
    const messages = messagesFor('zh-CN', ['nav', 'common']);
    expect(messages['nav.platform']).toBe('平台');
    expect(Object.keys(messages).every((key) => key.startsWith('nav.') || key.startsWith('common.'))).toBe(true);
    expect(messages['subMerchants.wizard.title']).toBeUndefined();
    expect(Object.keys(messagesFor('en'))).toHaveLength(Object.keys(en).length);
  });
});
