import { expect, it } from 'vitest';
import * as providerAAuthEvent from '@/app/callbacks/providerA/auth-event/route';
import * as providerBCallback from '@/app/callbacks/providerB/route';
import { buildPush, createProviderAComponentSandboxConfig } from '@/sandbox/providerA/component';
import { signedPush } from '@/sandbox/providerB/mini/push-message';
import { providerAComponentSandboxConfig, sandboxKeys } from '@/sandbox/sandbox-context';
import { describeEachDatabase } from '../support/databases';
import { fixtureComponentCredentials, loadProviderBSandboxKeys } from '../support/fixture-keys';

/**
 * Sandbox mode is the default, and the published test keys are in every copy of the repository: a push
 * signed with them must not be accepted. The running sandbox signs with keys of its own, which only it and
 * the service's adapters hold (src/sandbox/instance-keys.ts).
 */
describeEachDatabase('the sandbox signs with its own keys', () => {
  const ticketPush = (config: ReturnType<typeof createProviderAComponentSandboxConfig>) =>
    buildPush(config, {
      type: 'component_verify_ticket',
      componentAppId: config.componentAppId,
      ticket: `ticket@@@${Date.now()}${Math.random()}`,
      createTime: Math.floor(Date.now() / 1000),
    });
  const sendToProviderA = async (push: ReturnType<typeof ticketPush>) => {
    const response = await providerAAuthEvent.POST(
      new Request(`http://localhost/callbacks/providerA/auth-event?${new URLSearchParams(push.query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: push.body,
      }),
    );
    return { status: response.status, text: await response.text() };
  };
  const sendToProviderB = async (body: string) => {
    const response = await providerBCallback.POST(
      new Request('http://localhost/callbacks/providerB', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    return { status: response.status, text: await response.text() };
  };
  const alipayParams = (kind: Record<string, string>, bizContent: Record<string, string>) => ({
    ...kind,
    app_id: '2021000122671080',
    notify_id: `2026112500222${Date.now()}`,
    utc_timestamp: String(Date.now()),
    version: '1.1',
    charset: 'UTF-8',
    biz_content: JSON.stringify(bizContent),
    sign_type: 'RSA2',
  });

  it('has keys and secrets of its own, none of them a published one', async () => {
    const own = await sandboxKeys();
    const published = loadProviderBSandboxKeys();
    expect(own.providerB.alipayPrivateKeyPem).not.toBe(published.alipayPrivateKeyPem);
    expect(own.providerB.appPrivateKeyPem).not.toBe(published.appPrivateKeyPem);
    expect(own.providerAComponent.token).not.toBe(fixtureComponentCredentials.token);
    expect(own.providerAComponent.encodingAesKey).not.toBe(fixtureComponentCredentials.encodingAesKey);
    expect(own.providerAComponent.encodingAesKey).toMatch(/^[A-Za-z0-9+/]{43}$/);
  });

  it('providerA: a push made with the published credentials is refused, the sandbox’s own is accepted', async () => {
    const forged = await sendToProviderA(
      ticketPush(
        createProviderAComponentSandboxConfig({
          ...fixtureComponentCredentials,
          componentAppId: (await sandboxKeys()).providerAComponent.componentAppId,
        }),
      ),
    );
    expect(forged).toEqual({ status: 401, text: 'fail' });
    expect(await sendToProviderA(ticketPush(await providerAComponentSandboxConfig()))).toEqual({
      status: 200,
      text: 'success',
    });
  });

  it('providerB: messages signed with the published "Alipay" key are refused, the sandbox’s own are accepted', async () => {
    const published = loadProviderBSandboxKeys();
    const forgeries = [
      alipayParams(
        { msg_method: 'ant.merchant.expand.indirect.zft.passed' },
        {
          order_id: '20261125000000001',
          smid: '2088000000000001',
        },
      ),
      alipayParams(
        { msg_method: 'alipay.open.mini.version.audit.passed' },
        {
          mini_app_id: '2021004100000001',
          mini_app_version: '1.0.0',
        },
      ),
      alipayParams({ notify_type: 'open_app_auth_notify' }, { state: 's' }),
    ];
    for (const params of forgeries) {
      expect(await sendToProviderB(signedPush(params, published).body)).toEqual({ status: 401, text: 'fail' });
    }
    const own = signedPush(
      alipayParams({ notify_type: 'open_app_auth_notify' }, { state: 's' }),
      (await sandboxKeys()).providerB,
    );
    expect(await sendToProviderB(own.body)).toEqual({ status: 200, text: 'success' });
  });
});
