import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const source = (file: string) => readFileSync(`${root}${file}`, 'utf8');

/** The rules an import of `line` added to `file` breaks. */
async function brokenRules(file: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\n${source(file)}`, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('api module walls (lint)', () => {
  it('keep the modules as they are', async () => {
    const [result] = await eslint.lintFiles([`${root}apps/api/src/modules/wallet/service.ts`]);
    expect(result?.messages).toEqual([]);
  });

  it("refuse a module reaching into another module's repository", async () => {
    const rules = await brokenRules(
      'apps/api/src/modules/wallet/service.ts',
      "import { findBankAccount } from '../bank-account/repository';",
    );
    expect(rules).toContain('boundaries/dependencies');
  });

  it('refuse a plugin importing a module', async () => {
    const rules = await brokenRules('apps/api/src/plugins/errors.ts', "import { x } from '../modules/device/service';");
    expect(rules).toContain('boundaries/dependencies');
  });

  it('refuse an import cycle', async () => {
    const rules = await brokenRules(
      'apps/api/src/modules/product/service.ts',
      "import { createDeviceService } from '../device/service';\nexport const cycle = createDeviceService;",
    );
    expect(rules).toContain('imports/no-cycle');
  });

  it('refuse sms/ importing a module', async () => {
    const rules = await brokenRules(
      'apps/api/src/sms/sms-provider.ts',
      "import { createCardsService } from '../modules/cards/service';\nexport const reach = createCardsService;",
    );
    expect(rules).toContain('boundaries/dependencies');
  });
});

/** The rules a `line` appended to `file` breaks (after the file, so it may use the file's imports). */
async function rulesBrokenByAppending(file: string, line: string, asFile = file): Promise<string[]> {
  const [result] = await eslint.lintText(`${source(file)}\n${line}\n`, { filePath: `${root}${asFile}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('api data-access walls (lint)', () => {
  const service = 'apps/api/src/modules/wallet/service.ts';
  const repository = 'apps/api/src/modules/wallet/repository.ts';
  const sqlImport = "import { sql } from 'drizzle-orm';";

  it('keep the repositories as they are', async () => {
    const [result] = await eslint.lintFiles([`${root}${repository}`, `${root}apps/api/src/lib/money-sql.ts`]);
    expect(result?.messages).toEqual([]);
  });

  it('refuse a sql template outside a repository', async () => {
    const rules = await brokenRules(service, `${sqlImport}\nexport const planted = sql\`select 1\`;`);
    expect(rules).toContain('data/sql-in-repositories');
  });

  it('refuse pool.query and sql.raw outside a repository', async () => {
    const query = await brokenRules(
      service,
      "export const planted = (pool: { query(text: string): void }) => pool.query('select 1');",
    );
    expect(query).toContain('data/sql-in-repositories');
    const raw = await brokenRules(
      service,
      "import { sql } from 'drizzle-orm';\nexport const planted = sql.raw('select 1');",
    );
    expect(raw).toContain('data/sql-in-repositories');
  });

  it('refuse a raw .query() even in a repository, and keep the files that own a connection as they are', async () => {
    const rules = await rulesBrokenByAppending(
      repository,
      "export const planted = (pool: { query(text: string, values: unknown[]): void }) => pool.query('select $1', [1]);",
    );
    expect(rules).toContain('data/no-raw-query');
    const owners = await eslint.lintFiles(
      ['lib/job-queue.ts', 'lib/pg-listener.ts', 'auth/session-cache.ts', 'db/client.ts'].map(
        (file) => `${root}apps/api/src/${file}`,
      ),
    );
    expect(owners.flatMap((result) => result.messages)).toEqual([]);
  });

  it('refuse SQL outside a repository below the modules too (seeds, scope helpers)', async () => {
    for (const file of ['apps/api/src/seed/demo.ts', 'apps/api/src/scope/device-scope.ts']) {
      const rules = await brokenRules(file, `${sqlImport}\nexport const planted = sql\`select 1\`;`);
      expect(rules).toContain('data/sql-in-repositories');
    }
  });

  it('let a *-sql.ts file build SQL fragments but not run them', async () => {
    const runs = await rulesBrokenByAppending(
      'apps/api/src/lib/money-sql.ts',
      'export const planted = (db: { execute(query: SQL): void }) => db.execute(sql`select 1`);',
    );
    expect(runs).toContain('data/sql-in-repositories');
  });

  it('let a repository hold the same SQL', async () => {
    const rules = await rulesBrokenByAppending(
      repository,
      'export const planted = (db: Executor) => db.execute(sql`select 1`);',
    );
    expect(rules).toEqual([]);
  });

  it('refuse a bare transaction status in SQL, even in a repository', async () => {
    const inTemplate = await rulesBrokenByAppending(
      repository,
      'export const planted = (db: Executor) => db.execute(sql`select count(*) from transactions where status <> 98`);',
    );
    expect(inTemplate).toContain('data/no-bare-status');
    const inList = await rulesBrokenByAppending(
      repository,
      'export const planted = (db: Executor) => db.execute(sql`select 1 from transactions t where t.status in (1, 2)`);',
    );
    expect(inList).toContain('data/no-bare-status');
    const named = await rulesBrokenByAppending(
      repository,
      'export const planted = (db: Executor) => db.execute(sql`select 1 from transactions where status = ${withdrawable}`);',
    );
    expect(named).toEqual([]);
  });
});
