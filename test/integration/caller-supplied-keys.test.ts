/**
 * Names a caller chooses (config keys, query parameters, XML element and entity names, upstream field names)
 * are looked up as own keys only: "__proto__", "constructor" and "prototype" are unknown names, refused with a
 * 400 that names them, never a 500 or a silently ignored parameter.
 */
import { describe, expect, it } from 'vitest';
import { platforms } from '@/server/db/schema';
import { parseFlatXml, xmlText, XmlFormatError } from '@/protocols/providerA/component/flat-xml';
import { notificationParams } from '@/protocols/providerB/gateway/notification';
import { upstreamFieldToFormField } from '@/server/providers/providerB/zft/field-names';
import { describeEachDatabase } from '../support/databases';
import { createConsoleTeam } from '../support/console-team';
import { sessionCookie, useRequestScope } from '../support/next-request-scope';
import { paymentsApi } from '../support/sub-merchants';
import { callTrpcOverHttp } from '../support/trpc-procedures';

const inheritedNames = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describeEachDatabase('caller-supplied keys', (database) => {
  useRequestScope();

  it('platformConfig.set refuses inherited names as unknown keys: 400 naming the key, config unchanged', async () => {
    const team = await createConsoleTeam(database().db);
    const cookie = await sessionCookie(team.ids.admin);
    for (const key of inheritedNames) {
      const response = await callTrpcOverHttp({
        method: 'POST',
        path: 'platformConfig.set',
        input: JSON.stringify({ platformId: team.platformId, key, value: 'https://hooks.example.com/x' }),
        contentType: 'application/json',
        cookie,
      });
      expect(response.status, `${key}: ${response.text}`).toBe(400);
      const body = JSON.parse(response.text) as {
        error: { message: string; data: { appCode: string; errors: { pointer: string }[] } };
      };
      expect(body.error.message).toContain(`Unknown config key "${key}"`);
      expect(body.error.data).toMatchObject({ appCode: 'invalid_request', errors: [{ pointer: '/key' }] });
    }
    const [row] = await database().db.select({ config: platforms.config }).from(platforms);
    expect(Object.keys(row!.config as object).filter((k) => inheritedNames.includes(k))).toEqual([]);
  });

  it('a query parameter named __proto__ or constructor is an unknown parameter (400), not dropped or called a duplicate', async () => {
    const team = await createConsoleTeam(database().db);
    const api = paymentsApi(team.apiKey);
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const response = await api.list(`?${name}=1`);
      expect(response.status, name).toBe(400);
      expect(response.body.detail, name).not.toContain('more than once');
      expect(response.body.errors, name).toEqual([expect.objectContaining({ pointer: `/query/${name}` })]);
    }
    expect((await api.list('?limit=1&limit=2')).body.detail).toBe('Query parameter "limit" is given more than once.');
  });
});

describe('names from upstream documents', () => {
  it('an XML element named __proto__ stays an element: its children do not show through', () => {
    const record = parseFlatXml('<xml><__proto__><Encrypt>forged</Encrypt></__proto__><AppId>wx1</AppId></xml>');
    expect(xmlText(record, 'Encrypt')).toBeUndefined();
    expect(xmlText(record, 'AppId')).toBe('wx1');
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['__proto__', 'AppId']);
  });

  it('an entity named after an inherited property is an unknown entity', () => {
    expect(() => parseFlatXml('<xml><A>&constructor;</A></xml>')).toThrow(XmlFormatError);
  });

  it('upstream field names map only through own keys', () => {
    for (const name of inheritedNames) expect(upstreamFieldToFormField(name), name).toBeUndefined();
    expect(upstreamFieldToFormField('account_no')).toBe('accountNumber');
  });

  it('a notification parameter named __proto__ is kept as a parameter (so it breaks the signature), not a prototype', () => {
    const params = notificationParams('__proto__=x&sign=abc');
    expect(Object.keys(params)).toEqual(['__proto__', 'sign']);
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
  });
});
