// The server as `npm start` runs it: apps/server/src (and the @pago/shared files it uses) bundled by
// esbuild into apps/server/dist/main.mjs, the npm packages left as imports. Loading ~500 modules
// through tsx at every start took more time than everything else the start does (docs/benchmarks.md).
// `npm run reconcile`'s command is bundled beside it (dist/reconcile.mjs, sharing its chunks): it
// builds the whole app too, and through tsx it spent 3 s of CPU loading it before its first query.
// Built by `npm run build`, by scripts/start.mjs and scripts/reconcile.mjs when a source is newer
// than the build, and by the server tests' global setup likewise (the start/stop tests and the
// reconcile test run it); `npm run dev` and the other tests run the sources through tsx.
// `node scripts/build-server.mjs` builds it by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/server/dist');
/** The commands bundled with the server, each `apps/server/src/cli/<name>.ts` → `dist/<name>.mjs`. */
const COMMANDS = ['reconcile'];
/** What a build in `dir` writes: the server's entry and each command's bundle. */
const entryIn = (dir) => path.join(dir, 'main.mjs');
const commandIn = (dir, command) => path.join(dir, `${command}.mjs`);
/**
 * The source files the last build read (esbuild's metafile), relative to the repository: the
 * build is stale when one of them changed or is gone. Not every file under the source folders: a
 * file nothing imports changes nothing built (the lint test writes probe files into
 * apps/server/src while the other tests run the build).
 */
const inputsIn = (dir) => path.join(dir, 'inputs.json');
export const serverEntry = entryIn(outDir);
/** Where the build puts `command`'s bundle. */
export const commandEntry = (command) => commandIn(outDir, command);
const INPUTS = inputsIn(outDir);

/** The newest modification time of a file, or of anything under a directory (0 when missing). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * True when there is no build, or a file it was made from (or this script) changed after it.
 * `at` is for its test: a repository root and its build folder elsewhere.
 */
export function serverBuildIsStale(at = { root, outDir }) {
  const entry = entryIn(at.outDir);
  const inputsFile = inputsIn(at.outDir);
  const made = [entry, ...COMMANDS.map((command) => commandIn(at.outDir, command)), inputsFile];
  if (!made.every((file) => fs.existsSync(file))) return true;
  const builtAt = fs.statSync(entry).mtimeMs;
  const inputs = [...JSON.parse(fs.readFileSync(inputsFile, 'utf8')), 'scripts/build-server.mjs'];
  return inputs.some(
    (input) =>
      (fs.statSync(path.join(at.root, input), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >
      builtAt,
  );
}

/**
 * A module that finds files beside itself (`new URL('./assets/', import.meta.url)`) must still
 * find them beside its source once bundled: its `import.meta.url` becomes its source's address,
 * relative to the bundle, so the checkout can move.
 */
const sourceMetaUrl = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        contents = contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        );
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** npm packages stay imports (resolved from node_modules at run time); @pago/* is bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pago/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into memory, then writes the list of its inputs, the chunks and, last, main.mjs, each
 * through a rename: a start running meanwhile reads the old build or the new one, never half a
 * file.
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      'apps/server/src/main.ts',
      ...COMMANDS.map((command) => `apps/server/src/cli/${command}.ts`),
    ],
    // Every file in dist/ itself: the import.meta.url rewrite below is relative to it.
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The dynamic imports (the tracing SDK, loaded only when tracing is on) stay their own files.
    splitting: true,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    // scripts/start.mjs turns source maps on: stack traces name the .ts files, as under tsx.
    sourcemap: 'linked',
    sourcesContent: false,
    keepNames: true,
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesExternal, sourceMetaUrl],
  });
  fs.mkdirSync(outDir, { recursive: true });
  const inputs = JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 1);
  const files = [{ path: INPUTS, contents: inputs }, ...result.outputFiles].sort(
    (a, b) => Number(a.path === serverEntry) - Number(b.path === serverEntry),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  // Chunks of earlier builds (their names carry their content's hash).
  const written = new Set(files.map((file) => path.basename(file.path)));
  for (const entry of fs.readdirSync(outDir))
    if (!written.has(entry) && !entry.endsWith('.tmp')) fs.rmSync(path.join(outDir, entry));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const startedAt = performance.now();
  await buildServer();
  console.log(
    `Server built into apps/server/dist in ${Math.round(performance.now() - startedAt)} ms`,
  );
}
