import fs from 'node:fs';
import path from 'node:path';
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

/**
 * Keys the console builds at run time, by the prefix written before the template's `${…}` (t(`settings.role.${r}`)).
 * A key under one of these counts as used; each prefix must itself still occur in src/, so the list cannot go stale.
 */
const dynamicPrefixes = [
  'accountMail.', // the mail kind: accountMail.${kind}.subject / .body
  'auditLog.action.', // the audit entry's action
  'auditLog.actor.', // its actor kind, with and without a name
  'auditLog.actorKind.', // the actor filter's options
  'docs.in.', // where an API parameter goes (path, query, header, cookie)
  'invitation.state.', // the invitation link's state
  'miniPrograms.history.event.', // a version history entry's kind
  'miniPrograms.history.status.', // the audit version's status
  'passwordReset.state.', // the reset link's state
  'rollouts.itemState.', // a rollout item's state
  'rollouts.start.target.', // the kind of rollout targets
  'rollouts.state.', // a rollout's state
  'rollouts.step.', // a rollout item's step
  'settings.config.help.', // a platform setting's help, by setting name
  'settings.config.label.', // a platform setting's label, by setting name
  'settings.deliveries.status.', // a webhook delivery's status
  'settings.doctor.', // an upstream the doctor checked
  'settings.paymentsProvider.', // a payments provider
  'settings.provider.', // a mini-program provider
  'settings.role.', // an operator role
  'settings.sandbox.decided.', // the sandbox reviewer's decision
  'settings.service.', // an API key's service
  'settings.state.', // a sandbox application state
  'settings.templates.', // a manual template's input, by field name
  'signUp.state.', // the sign-up link's state
  'subMerchants.upload.', // an upload problem
  'workQueue.actor.', // a history entry's actor kind (and its "unknown" variant)
] as const;

/** Every TypeScript source outside the catalogs themselves. */
function consoleSources(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join('src', 'i18n', 'messages') ? [] : consoleSources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('console strings', () => {
  it('every catalog key is used in src/, by its literal name or under a listed dynamic prefix', () => {
    const source = consoleSources()
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const literals = new Set([...source.matchAll(/(['"`])([\w.-]+)\1/g)].map((m) => m[2]));
    expect(dynamicPrefixes.filter((prefix) => !source.includes('`' + prefix + '${'))).toEqual([]);
    const unused = Object.keys(en).filter(
      (key) => !literals.has(key) && !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

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
