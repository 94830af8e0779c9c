// `npm run reconcile`: the command apps/server/src/cli/reconcile.ts, run from the server's build
// (scripts/build-server.mjs bundles it beside the server), built first when a source is newer.
// Its arguments, output and exit code are the command's own.
import { pathToFileURL } from 'node:url';
import { buildServer, commandEntry, serverBuildIsStale } from './build-server.mjs';

if (serverBuildIsStale()) {
  process.stderr.write('Building the server…\n');
  await buildServer();
}

// Stack traces name the server's .ts files, as they do under tsx.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(commandEntry('reconcile')).href);
