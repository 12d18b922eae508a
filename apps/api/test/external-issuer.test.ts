import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, body, createMerchant, createUser } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';
import { createTestApp, createTestDatabase, type TestContext } from './helpers/test-app';

const root = path.resolve(import.meta.dirname, '../../..');
let issuerProcess: ChildProcess;
let ctx: TestContext;
let base: string;

/** The sign-in service as a separate process on its own port and database: an issuer like any other. */
beforeAll(async () => {
  const [apiPort, issuerPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://127.0.0.1:${issuerPort}/sso`;
  let output = '';
  issuerProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/sso/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(issuerPort),
      HOST: '127.0.0.1',
      SSO_ISSUER: issuer,
      DATABASE_URL: await createTestDatabase(),
      SSO_CLIENT_ID: 'external-back-office',
      SSO_CLIENT_SECRET: 'external-client-secret-0123456789',
      SSO_REDIRECT_URIS: `${base}/api/v1/sso/callback`,
      SSO_SEED_ACCOUNTS: JSON.stringify([{ email: 'kim@example.com', password: 'kim password 1', name: 'Kim Park' }]),
      LOG_LEVEL: 'warn',
    },
  });
  issuerProcess.stdout!.on('data', (chunk) => (output += chunk));
  issuerProcess.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const discovery = await fetch(`${issuer}/.well-known/openid-configuration`).catch(() => null);
    if (discovery?.ok) break;
    if (Date.now() > deadline || issuerProcess.exitCode !== null) throw new Error(`issuer did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  ctx = await createTestApp({
    PUBLIC_URL: base,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'external-back-office',
    OIDC_CLIENT_SECRET: 'external-client-secret-0123456789',
  });
  await ctx.app.listen({ port: apiPort, host: '127.0.0.1' });
  const user = await createUser(ctx.db, { email: 'kim@example.com' });
  const merchant = await createMerchant(ctx.db, { companyName: 'Kim Water Station' });
  await addMember(ctx.db, { merchantId: merchant.id, userId: user.id, role: 'manager' });
}, 120_000);

afterAll(async () => {
  issuerProcess?.kill('SIGTERM');
  await ctx?.close();
});

describe('OIDC_ISSUER: trusting another issuer', () => {
  it('does not mount the embedded sign-in service', async () => {
    expect((await fetch(`${base}/sso/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs in at the other issuer and links the account by its verified email', async () => {
    const signIn = await signInThroughPages(`${base}/api/v1/sso/authorize?redirect=%2F&lang=en`, {
      email: 'kim@example.com',
      password: 'kim password 1',
    });
    expect(signIn.keyring).toBeTruthy();
    const exchange = await body(redeemKeyring(base, signIn));
    const merchants = (await body(fetch(`${base}/api/v1/merchant/list`, { headers: bearer(exchange.result.jwt) })))
      .result;
    expect(merchants).toMatchObject([{ companyName: 'Kim Water Station', rbacRole: 'manager' }]);
    const picked = (
      await body(fetch(`${base}/api/v1/merchant/${merchants[0].id}/login`, { headers: bearer(exchange.result.jwt) }))
    ).result;
    expect(picked.info.member.rbacRole).toBe('manager');
  });
});
