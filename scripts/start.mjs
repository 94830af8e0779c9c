// `npm start`: build the web app and the server (scripts/build-server.mjs) if their sources changed
// since the last build, then run the built server in this very process (so Ctrl-C and SIGTERM reach
// it directly). With PAGO_PROCESSES > 1 the cluster's API processes run this file too; only the
// primary builds.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverBuildIsStale, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = cluster.isPrimary
  ? Math.max(...sources.map((s) => newestMtime(path.join(root, s))))
  : 0;
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (cluster.isPrimary && serverBuildIsStale()) {
  console.log('Building the server…');
  await buildServer();
}

// Stack traces name the server's .ts files, as they do under tsx (`npm run dev`, the tests).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
