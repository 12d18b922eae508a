import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const files = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file: file.split(path.sep).join('/'), text: readFileSync(path.join(src, file), 'utf8') }));

// The first segments of every api path (`device-cloud`, `merchant`...): a string that starts with one
// of them followed by a slash, without the leading slash of a screen's address, is an api path.
const segments = [...new Set(Object.values(apiRoutes).map((route) => route.path.split('/')[1]!))];
const apiPath = new RegExp(`(['"\`])(/?api/v1/|(${segments.join('|')})/)`);

describe('web calls to the api', () => {
  it('go through the contract: no file but the client holds an api path or calls fetch on one', () => {
    const offenders = files
      // The inline sign-in check of index.html names its one address itself, to stay a few hundred bytes;
      // test/sign-in-first.test.ts holds that address to the contract's.
      .filter(({ file }) => file !== 'lib/api-client.ts' && file !== 'boot/sign-in-first.ts')
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
          // Comments name the spec's screens and calls (`wallet/withdraw`): only code counts.
          .filter(({ line }) => !/^\s*(\/\/|\/\*|\*)/.test(line))
          .filter(({ line }) => apiPath.test(line) || /\bapiRequest\b/.test(line))
          .map(({ line, where }) => `${where}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('declare no server shapes by hand: api files take their types from the contract', () => {
    const offenders = files
      .filter(({ file }) => /^features\/[^/]+\/api\//.test(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/^(?:export )?(?:type \w+(?:<[^>]*>)? = \{|interface \w+).*$/gm)]
          // A shape built from what an endpoint takes (`ApiInput`, `ApiQuery`) is the contract's own.
          .filter((match) => !/\bApi(Input|Query)</.test(match[0]))
          .map((match) => `${file}: ${match[0]}`),
      );
    expect(offenders).toEqual([]);
  });

  it('would notice an api path if one were written', () => {
    expect(apiPath.test("path: 'device-cloud/list'")).toBe(true);
    expect(apiPath.test('`merchant/${id}/login`')).toBe(true);
    expect(apiPath.test("navigate('/user/profile')")).toBe(false);
  });
});
