import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let tokens: { login: string; merchant: string; root: string };
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000' });
  const owner = await memberOf(ctx, 'merchant');
  const agent = await memberOf(ctx, 'root');
  tokens = { login: (await ctx.tokens.issueLogin(owner.user.id)).jwt, merchant: owner.jwt, root: agent.jwt };
});
afterAll(() => ctx.close());

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '\u0000',
    'x'.repeat(5000),
  ),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'companyName',
      'taxIDNumber',
      'adminAddress',
      'adminUsername',
      'adminEmail',
      'adminPhone',
      'keyring',
      'id',
      'title',
      'address',
      'type',
      'servicePhone',
      'description',
      'businessHours',
      'name',
      'hwid',
      'model',
      'serialNum',
      'machineType',
      'placeId',
      'productId',
      'paymentProduct',
      'action',
      'params',
      'remainingAmount',
      'totalAmount',
      'testTime',
      'config',
      'price',
      'courses',
      'additives',
      'unit',
      'pulse',
      'role',
      'permissionGroups',
      'deviceWhitelist',
      'gateways',
      'enabled',
      'nickName',
      'locale',
      'image',
    ),
    fc.oneof(junk, fc.anything({ maxDepth: 2 })),
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'tz',
    'timestamp',
    'keyring',
    'redirect',
    'lang',
    'code',
    'state',
    'error',
    'id',
    'page',
    'pageSize',
    'keyword',
    'type',
    'hwid',
    'deviceId',
    'placeId',
    'machineType',
    'status',
    'logType',
    'from',
    'to',
    'bound',
    'token',
  ),
  junk,
  { maxKeys: 4 },
);

describe('every route under bad input', () => {
  it('answers 400, 401, 404 or 478 (or 200/302) and never 5xx', async () => {
    const routes = ctx.app.accessRegistry.filter((r) => !r.url.endsWith('/logout'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), junk, query, body, async (route, param, search, payload) => {
        const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(String(param)) || 'x');
        // Service-agent routes get a root token, so their input handling is fuzzed too.
        const access = route.access;
        const token = access.token !== 'merchant' ? tokens.login : access.rootOnly ? tokens.root : tokens.merchant;
        const searchParams = new URLSearchParams(
          Object.entries(search).map(([k, v]): [string, string] => [k, String(v)]),
        );
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: `${url}?${searchParams.toString()}`,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: route.method === 'GET' ? undefined : JSON.stringify(payload ?? null),
        });
        expect([200, 302, 400, 401, 404, 429, 478], `${route.method} ${url} -> ${response.body}`).toContain(
          response.statusCode,
        );
        if (response.statusCode >= 400) expect(typeof response.json().code).toBe('number');
      }),
      { numRuns: 600 },
    );
  });
});
