import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Endpoint } from '@sbo/contracts/api/endpoint';
import { apiEndpoints } from '@sbo/contracts/api/endpoints';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let ctx: TestContext;
let document: {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
};

beforeAll(async () => {
  ctx = await createTestApp();
  document = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => ctx?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([address, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ address, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('passes a standard OpenAPI linter (Redocly) with no error and no warning', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const result = await promisify(execFile)(
      'npx',
      ['redocly', 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation of the contract once, with its error answers', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const { address, operation } of operations()) {
      const contract: Endpoint = apiEndpoints[operation.operationId as keyof typeof apiEndpoints];
      expect(Object.keys(operation.responses), address).toEqual(expect.arrayContaining(['400']));
      if (contract.access.token !== 'public') expect(Object.keys(operation.responses), address).toContain('401');
      expect(Object.keys(operation.responses), address).toContain(contract.redirects ? '302' : '200');
    }
  });
});
