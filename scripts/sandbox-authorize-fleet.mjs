#!/usr/bin/env node
/**
 * Authorizes many sandbox mini programs for one platform, each the way a seller does it (the service's authorize
 * link → the sandbox grants → the service's callback), over HTTP only, so a rollout to hundreds can be tried on a
 * running server: node scripts/sandbox-authorize-fleet.mjs --help
 */
import { parseArgs } from 'node:util';

const usage = `node scripts/sandbox-authorize-fleet.mjs --key sk_… [options]
  --base <url>         the running service (default http://localhost:3000)
  --key <sk_…>         the platform's API key (or the API_KEY environment variable)
  --provider <p>       providerA (WeChat, default) or providerB (Alipay)
  --count <n>          mini programs to authorize (default 100)
  --prefix <text>      their seller ids are <prefix>-1 … <prefix>-n (default seller)
  --concurrency <n>    authorizations at once (default 8)
Prints one app id per line on stdout (progress on stderr).`;

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    key: { type: 'string', default: process.env.API_KEY ?? '' },
    provider: { type: 'string', default: 'providerA' },
    count: { type: 'string', default: '100' },
    prefix: { type: 'string', default: 'seller' },
    concurrency: { type: 'string', default: '8' },
    help: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const concurrency = Number(values.concurrency);
if (
  values.help ||
  !values.key ||
  !['providerA', 'providerB'].includes(values.provider) ||
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(concurrency) ||
  concurrency < 1
) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const base = values.base.replace(/\/$/, '');
const bearer = { authorization: `Bearer ${values.key}` };
const api = { ...bearer, 'x-service-code': 'miniprogram', 'content-type': 'application/json' };

async function call(method, path, headers, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

async function authorizeOne(tenantId) {
  const started = await call('POST', '/v1/miniprogram/authorize', api, {
    platform: values.provider,
    redirectUri: 'https://seller.example.com/authorized',
    tenantId,
  });
  const granted = await call(
    'POST',
    `/sandbox/control/${values.provider}/authorizations`,
    {
      ...bearer,
      'content-type': 'application/json',
    },
    { state: started.state },
  );
  const query = new URL(granted.redirectUrl).searchParams.toString();
  const done = await call('GET', `/v1/miniprogram/authorize/callback/${values.provider}?${query}`, api);
  return done.appId;
}

// WeChat sends the component's verify ticket every ten minutes; one now, so the first authorization need not wait.
if (values.provider === 'providerA') await call('POST', '/sandbox/control/providerA/ticket', bearer);

let next = 1;
let done = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, count) }, async () => {
    for (let i = next++; i <= count; i = next++) {
      console.log(await authorizeOne(`${values.prefix}-${i}`));
      if (++done % 50 === 0 || done === count) console.error(`${done}/${count} authorized`);
    }
  }),
);
