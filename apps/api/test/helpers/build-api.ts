import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Every `import.meta.url` made the source file's own address, so paths read relative to a
 * module (the migrations, the web app's folder) are the same from the bundle as from the source.
 */
const sourceAddresses: Plugin = {
  name: 'source-addresses',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** Packages come from node_modules as they do for the source; the workspace's own (TypeScript) are bundled. */
const outsidePackages: Plugin = {
  name: 'outside-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sbo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The api's server (`src/server.ts`) built from the current source into one file under
 * `apps/api/dist/` (so its packages resolve as the source's do), for the tests that start the
 * api as its own process: `node <file>` starts in a fraction of the time `tsx` takes to compile
 * it again for each start. Built fresh for each run; `remove` deletes it.
 */
export async function buildApiServer(): Promise<{ file: string; remove(): Promise<void> }> {
  const dist = path.join(apiRoot, 'dist');
  await mkdir(dist, { recursive: true });
  const dir = await mkdtemp(path.join(dist, 'test-server-'));
  const file = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [path.join(apiRoot, 'src', 'server.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [sourceAddresses, outsidePackages],
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
