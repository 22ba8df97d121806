/**
 * The console's form schemas (docs/console.md "One form pattern"): each is the request schema the server parses,
 * plus what only the form has (a password typed twice, a blank box for "not given").
 */
import { describe, expect, it } from 'vitest';
import { blankAsAbsent } from '@/schemas/blank-as-absent';
import { newAccountForm } from '@/schemas/invitation-requests';
import { commitForm, membersForm, submitAuditForm } from '@/schemas/mini-program-requests';
import { changePasswordForm, timeZoneForm } from '@/schemas/operator-requests';
import { signInInput } from '@/schemas/sign-in';
import { z } from 'zod';

const issues = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));

describe('blankAsAbsent', () => {
  const field = blankAsAbsent(z.string().trim().min(2).max(4));
  it('leaves a blank box out and checks anything typed with the request rule', () => {
    expect(field.parse('')).toBeUndefined();
    expect(field.parse('   ')).toBeUndefined();
    expect(field.parse(' ab ')).toBe('ab');
    expect(field.safeParse('a').success).toBe(false);
    expect(field.safeParse('abcde').success).toBe(false);
  });
});

describe('the forms refuse what the server would, before sending', () => {
  it('sign-in: an address and a password', () => {
    expect(signInInput.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(issues(signInInput.safeParse({ email: 'a@example.com', password: '' }))).toEqual([
      expect.objectContaining({ path: 'password', code: 'too_small' }),
    ]);
    expect(issues(signInInput.safeParse({ email: 'not-an-address', password: 'x' }))).toEqual([
      expect.objectContaining({ path: 'email', code: 'invalid_format' }),
    ]);
  });

  it('password change: the typed-twice check names the second box with a catalog key; only the request is sent', () => {
    const base = { currentPassword: 'old', newPassword: 'a-new-password-1' };
    expect(issues(changePasswordForm.safeParse({ ...base, confirmPassword: 'a-new-password-2' }))).toEqual([
      { path: 'confirmPassword', message: 'settings.password.mismatch', code: 'custom' },
    ]);
    expect(issues(changePasswordForm.safeParse({ ...base, newPassword: 'short', confirmPassword: 'short' }))).toEqual([
      expect.objectContaining({ path: 'newPassword', code: 'too_small' }),
    ]);
    expect(changePasswordForm.safeParse({ ...base, confirmPassword: base.newPassword }).success).toBe(true);
  });

  it('new account: name required, password rules, typed twice', () => {
    const ok = { name: ' Wang ', password: 'a-new-password-1', confirm: 'a-new-password-1' };
    expect(newAccountForm.parse(ok)).toMatchObject({ name: 'Wang' });
    expect(issues(newAccountForm.safeParse({ ...ok, name: '  ' }))).toEqual([
      expect.objectContaining({ path: 'name', code: 'too_small' }),
    ]);
    expect(issues(newAccountForm.safeParse({ ...ok, confirm: 'other' }))).toEqual([
      { path: 'confirm', message: 'invitation.mismatch', code: 'custom' },
    ]);
  });

  it('commit: a version of blanks and an ext JSON that breaks the rules are refused', () => {
    const ext = JSON.stringify({ extEnable: true, extAppid: 'wx1', ext: {}, window: {} });
    expect(commitForm.parse({ template: '0', userVersion: ' 1.0.0 ', userDesc: '', extJson: ext })).toMatchObject({
      userVersion: '1.0.0',
    });
    const refused = commitForm.safeParse({ template: '0', userVersion: '  ', userDesc: '', extJson: '{"ext": []}' });
    expect(new Set(issues(refused).map((i) => i.path))).toEqual(new Set(['userVersion', 'extJson']));
  });

  it('submit for audit: untouched rows are left out, a row with a title needs its address', () => {
    const row = (address: string, title = '', tag = '') => ({ address, title, tag });
    expect(submitAuditForm.parse({ items: [row(' pages/a '), row('')], feedbackInfo: ' ' })).toEqual({
      itemList: [row('pages/a')],
      feedbackInfo: undefined,
    });
    expect(issues(submitAuditForm.safeParse({ items: [row('', '首页')], feedbackInfo: '' }))).toEqual([
      { path: 'items.0.address', message: 'miniPrograms.audit.addressRequired', code: 'custom' },
    ]);
  });

  it('testers and time zone: a blank optional box is not sent', () => {
    expect(membersForm.parse({ member: ' qa ', role: '' })).toEqual({ member: 'qa', role: undefined });
    expect(membersForm.safeParse({ member: ' ', role: '' }).success).toBe(false);
    expect(timeZoneForm.parse({ timeZone: '' })).toEqual({ timeZone: undefined });
    expect(timeZoneForm.parse({ timeZone: 'Europe/Berlin' })).toEqual({ timeZone: 'Europe/Berlin' });
  });
});
