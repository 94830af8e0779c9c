// `npm run dev`: the server (restarts on change) and Vite (hot reload, proxies /api) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') };
const children = [
  // process.execPath: the Node running this script (npm scripts run the `node` devDependency).
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env,
    stdio: 'inherit',
  }),
  // Vite itself, not through npx, so that a signal reaches it.
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: 'inherit',
  }),
];
console.log('Pago dev: web on http://localhost:5173 (proxying /api to the server on :3000)');

// When one side exits, the other is stopped too.
let exitCode = 0;
const stopOthers = () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
// Passing the signal on is harmless when they already got it from the terminal: the server keeps
// stopping on a second signal.
process.on('SIGINT', stopOthers);
process.on('SIGTERM', stopOthers);
for (const child of children) {
  child.on('exit', (code) => {
    exitCode ||= code ?? 0;
    stopOthers();
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
