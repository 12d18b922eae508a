// The api built for production: `src/server.ts` and the workspace packages it imports, bundled by
// esbuild into one ES module, `apps/api/dist/server.mjs` (its npm packages stay in node_modules,
// imported at run time as from the source). `npm run build` runs it; `npm run serve` and `npm start`
// start the result with plain `node`, no TypeScript compiler at run time (docs/decisions.md).
//   node apps/api/scripts/build.mjs             builds dist/server.mjs
//   node apps/api/scripts/build.mjs --if-stale  only when a source file is newer than the build
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(path.dirname(apiRoot));
export const builtServer = path.join(apiRoot, 'dist', 'server.mjs');
/** The backup and restore command (`npm run backup` / `npm run restore`), built beside the server. */
export const builtBackupCommand = path.join(apiRoot, 'dist', 'backup.mjs');

/** What the build is made from: the api's source and the workspace packages it bundles. */
const sources = [
  path.join(apiRoot, 'src'),
  path.join(repoRoot, 'packages', 'contracts', 'src'),
  path.join(repoRoot, 'packages', 'sso', 'src'),
];

/** The newest modification time among these files and folders (recursively), in ms (the e2e run asks it of the web app's sources too). */
export function newestChange(paths) {
  let newest = 0;
  for (const item of paths) {
    if (!existsSync(item)) continue;
    const stat = statSync(item);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory())
      newest = Math.max(newest, newestChange(readdirSync(item).map((name) => path.join(item, name))));
  }
  return newest;
}

/** Whether `outfile` is missing or older than a source file. */
export function buildIsStale(outfile = builtServer) {
  const companion = path.join(path.dirname(outfile), path.basename(builtBackupCommand));
  return !existsSync(outfile) || !existsSync(companion) || statSync(outfile).mtimeMs < newestChange(sources);
}

/**
 * Every `import.meta.url` becomes the source file's address worked out from the bundle's own at run
 * time, so paths read relative to a module (the migrations, the web app's folder) are the same from
 * the bundle as from the source, wherever the checkout is moved to.
 */
const sourceAddresses = (outdir) => ({
  name: 'source-addresses',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/** npm packages are imported from node_modules at run time; the workspace's own (TypeScript) are bundled. */
const outsidePackages = {
  name: 'outside-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sbo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the server into `outfile` (by default `dist/server.mjs`) and the backup command beside it
 * (`backup.mjs`). Kept beside the source tree so their packages resolve from the same node_modules.
 * Answers the server's file.
 */
export async function buildApi({ outfile = builtServer, sourcemap = true } = {}) {
  mkdirSync(path.dirname(outfile), { recursive: true });
  const { outputFiles } = await build({
    write: false,
    entryPoints: {
      [path.basename(outfile, '.mjs')]: path.join(apiRoot, 'src', 'server.ts'),
      [path.basename(builtBackupCommand, '.mjs')]: path.join(apiRoot, 'src', 'db', 'backup', 'cli.ts'),
    },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: sourcemap ? 'linked' : false,
    logLevel: 'warning',
    plugins: [sourceAddresses(path.dirname(outfile)), outsidePackages],
  });
  // Each file written whole, then renamed into place: a start reading the build while another builds
  // it sees the old file or the new one, never half of one.
  for (const output of outputFiles) {
    const temporary = `${output.path}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, output.path);
  }
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !buildIsStale()) process.exit(0);
  const started = Date.now();
  await buildApi();
  console.log(`Built the api: ${path.relative(repoRoot, builtServer)} (${Date.now() - started} ms)`);
}
