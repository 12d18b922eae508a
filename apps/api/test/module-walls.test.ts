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
});
