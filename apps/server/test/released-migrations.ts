import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/**
 * The last commit whose migrations (0001–0031) still wrote their functions out in full: the
 * migrations as released, which sandbox data directories made before the function files were
 * migrated through. The next commit moved the functions into db/functions/ and stripped them.
 */
export const RELEASED_MIGRATIONS_COMMIT = '666a26d86b4edf748a225eb345991b57f3171db1';

const MIGRATIONS_PATH = 'apps/server/src/db/migrations';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const git = (args: string[], cwd: string) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The migrations as they were at `commit`, read from git into a folder of their own inside
 * apps/server (so 'kysely' and '@pago/shared' resolve as they did), imported, and the folder
 * removed. The folder is unique per call, so test files running side by side never share one.
 * Without the repository's history (a shallow clone, an exported tree) this throws, never skips.
 */
export async function importReleasedMigrations(
  commit = RELEASED_MIGRATIONS_COMMIT,
): Promise<Record<string, Migration>> {
  let root: string;
  let names: string[];
  try {
    root = git(['rev-parse', '--show-toplevel'], SERVER_DIR).trim();
    git(['cat-file', '-e', `${commit}^{commit}`], root);
    names = git(['ls-tree', '--name-only', `${commit}`, `${MIGRATIONS_PATH}/`], root)
      .split('\n')
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  } catch (error) {
    throw new Error(
      `The upgrade test needs the repository's history: it builds a database with the migrations ` +
        `as released, read from commit ${commit}, which this checkout cannot read (a shallow ` +
        `clone? run \`git fetch --unshallow\`). git said: ${(error as Error).message}`,
    );
  }
  const dir = fs.mkdtempSync(path.join(SERVER_DIR, '.released-migrations-'));
  try {
    for (const name of names) {
      fs.writeFileSync(
        path.join(dir, path.basename(name)),
        git(['show', `${commit}:${name}`], root),
      );
    }
    const index = pathToFileURL(path.join(dir, 'index.ts')).href;
    const { migrations } = (await import(/* @vite-ignore */ index)) as {
      migrations: Record<string, Migration>;
    };
    return migrations;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
