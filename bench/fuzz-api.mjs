#!/usr/bin/env node
/**
 * API fuzz: every operation of `/api/openapi.json` under inputs generated from its schemas, with
 * hostile strings, numbers and JSON mixed in (the generator of apps/api/test/fuzz.test.ts), through
 * the real app on an embedded PostgreSQL. Prints, per operation, the answers by status and any
 * problem: a 5xx, or a 4xx outside the envelope `{ code, message, details? }`. Exits 1 on a problem.
 *
 *   node bench/fuzz-api.mjs [--runs 1000] [--seed 42] [--only placeCreate,deviceBind] [--json]
 */
import pg from 'pg';
import { parseArgs } from 'node:util';
import { underTsx } from './lib/harness.mjs';

// The api is TypeScript: run again under tsx.
await underTsx(main);

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1000' },
      seed: { type: 'string', default: String(Date.now() % 100_000) },
      only: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  const only = values.only ? new Set(values.only.split(',')) : null;

  const { startTestPostgres, templateDatabase, withDatabase } =
    await import('../apps/api/test/helpers/postgres-server.ts');
  const { createTestApp } = await import('../apps/api/test/helpers/test-app.ts');
  const { memberOf } = await import('../apps/api/test/helpers/fixtures.ts');
  const { fuzzOperation, operationsOf } = await import('../apps/api/test/helpers/openapi-fuzz.ts');

  const server = await startTestPostgres();
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`create database fuzz template ${templateDatabase}`);
  await admin.end();
  const ctx = await createTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000' }, undefined, {
    databaseUrl: withDatabase(server.adminUrl, 'fuzz'),
  });
  let failed = false;
  try {
    const owner = await memberOf(ctx, 'merchant');
    const agent = await memberOf(ctx, 'root');
    const tokens = {
      public: null,
      login: (await ctx.tokens.issueLogin(owner.user.id)).jwt,
      merchant: owner.jwt,
      root: agent.jwt,
    };
    const operations = operationsOf((await ctx.app.inject('/api/openapi.json')).json(), ctx.app).filter(
      (op) => op.operationId !== 'userLogout' && (!only || only.has(op.operationId)),
    );
    const started = Date.now();
    const tallies = [];
    for (const op of operations) {
      const tally = await fuzzOperation(ctx.app, op, tokens, runs, seed);
      tallies.push(tally);
      if (tally.problems.length > 0) failed = true;
      if (!values.json) {
        const statuses = Object.entries(tally.byStatus)
          .map(([status, n]) => `${status}:${n}`)
          .join(' ');
        console.log(
          `${op.method.padEnd(6)} ${op.operationId.padEnd(28)} ${String(tally.runs).padStart(5)} inputs  5xx ${tally.serverErrors}  outside envelope ${tally.outsideEnvelope}  [${statuses}]`,
        );
        for (const problem of tally.problems) console.log(`    ${problem}`);
      }
    }
    const total = tallies.reduce((sum, t) => sum + t.runs, 0);
    if (values.json) console.log(JSON.stringify({ seed, runs, tallies }, null, 1));
    else
      console.log(
        `\n${operations.length} operations, ${total} inputs in ${((Date.now() - started) / 1000).toFixed(0)} s, seed ${seed}: ${failed ? 'PROBLEMS FOUND' : 'no 5xx, every 4xx in the envelope'}`,
      );
  } finally {
    await ctx.close();
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
