/** A field error in the operator's language (src/components/ui/form.tsx): never the schema's English sentence. */
import { describe, expect, it } from 'vitest';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '@/components/ui/form';
import { translator } from '@/i18n/translate';

const t = translator('zh-CN');
const error = (type: string, message?: string) => ({ type, message }) as FieldError;

describe('fieldErrorText', () => {
  it('says "missing" for an empty or blank-only value the schema found too short', () => {
    expect(fieldErrorText(t, error('too_small', 'Too small: expected string to have >=1 characters'), '密码', '')).toBe(
      '请填写密码。',
    );
    expect(fieldErrorText(t, error('too_small'), '版本号', '   ')).toBe('请填写版本号。');
    expect(fieldErrorText(t, error('too_small'), '新密码', 'short')).toBe('新密码太短。');
  });

  it('translates a catalog key set by the form or the server, and maps the other issue codes', () => {
    expect(fieldErrorText(t, error('custom', 'settings.password.mismatch'), '再次输入新密码', 'x')).toBe(
      '两次输入的新密码不一致。',
    );
    expect(fieldErrorText(t, error('invalid_format', 'Invalid email address'), '邮箱', 'a@')).toBe('邮箱格式不正确。');
    expect(fieldErrorText(t, error('server'), '版本号', '1.0')).toBe('版本号的值无效。');
  });
});
