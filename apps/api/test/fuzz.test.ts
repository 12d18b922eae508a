import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { fuzzOperation, operationsOf, textFields, type Caller, type Operation } from './helpers/openapi-fuzz';
import { createTestApp, type TestContext } from './helpers/test-app';

/**
 * Every operation of `/api/openapi.json` under generated input: path, query, headers and body drawn
 * from its schemas, with hostile strings, numbers and JSON mixed in at every depth. None may answer
 * 5xx, and every 4xx is the envelope `{ code, message, details? }`. `bench/fuzz-api.mjs` runs the
 * same generator at 1,000 inputs per operation; here a few dozen keep the suite fast.
 */
let ctx: TestContext;
let tokens: Record<Caller, string | null>;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestApp({
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_DEVICE_COMMANDS_PER_MINUTE: '100000',
  });
  const owner = await memberOf(ctx, 'merchant');
  const agent = await memberOf(ctx, 'root');
  tokens = {
    public: null,
    login: (await ctx.tokens.issueLogin(owner.user.id)).jwt,
    merchant: owner.jwt,
    root: agent.jwt,
  };
  operations = operationsOf((await ctx.app.inject('/api/openapi.json')).json(), ctx.app).filter(
    // Signing out would end the fuzz's own session.
    (op) => op.operationId !== 'userLogout',
  );
});
afterAll(() => ctx.close());

const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 12);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

describe('every operation of the OpenAPI document under generated and hostile input', () => {
  it(`never answers 5xx, and answers every 4xx in the envelope (seed ${seed})`, { timeout: 300_000 }, async () => {
    expect(operations.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const op of operations) {
      const tally = await fuzzOperation(ctx.app, op, tokens, runsPerOperation, seed);
      problems.push(...tally.problems.map((p) => `${op.operationId}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming the field, for a lone surrogate or a NUL in any text field of any body', async () => {
    const checked: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      const token = tokens[op.caller];
      const url = op.path.replace(/\{\w+\}/g, '1');
      for (const field of textFields(op.body!)) {
        for (const bad of ['a\uD800b', 'b\uDFFF', 'c\u0000d']) {
          const payload = field.reduceRight<unknown>((inner, key) => ({ [key]: inner }), bad);
          const response = await ctx.app.inject({
            method: op.method,
            url,
            headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          const what = `${op.operationId} body.${field.join('.')} ${JSON.stringify(bad)}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json().details, what).toEqual([
            { path: `body.${field.join('.')}`, message: expect.any(String) },
          ]);
        }
        checked.push(`${op.operationId}.${field.join('.')}`);
      }
    }
    expect(checked).toContain('placeCreate.title');
    expect(checked).toContain('merchantInfoUpdate.companyName');
  });
});

describe('findings of bench/fuzz-api.mjs, kept', () => {
  it('answers 400 to a product type named like an Object.prototype key', async () => {
    for (const type of ['constructor', '__proto__', 'toString']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/product',
        headers: bearer(tokens.merchant!),
        payload: { name: 'Wash', type },
      });
      expect(response.statusCode, type).toBe(400);
    }
  });

  it('answers 400 to a place type beyond a 32-bit integer', async () => {
    const response = await ctx.app.inject({
      url: '/api/v1/place/list?type=999999999968',
      headers: bearer(tokens.merchant!),
    });
    expect(response.statusCode).toBe(400);
  });
});
