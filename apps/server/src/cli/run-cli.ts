import { pathToFileURL } from 'node:url';
import { type Config, loadConfig, loadDotEnv } from '../config';
import { createDatabase, type Database } from '../db/database';

/** Whether the module at `moduleUrl` is the script node was started with (not an import). */
export function isMainModule(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1] as string).href;
}

/**
 * The frame of a command that works on DATABASE_URL: reads `.env` and the settings, opens one
 * connection, runs `command`, closes it, and sets the exit code — the command's own, or 2 when it
 * could not run (no database set, or an error thrown, printed without a stack).
 */
export async function runDatabaseCommand(
  noDatabase: string,
  command: (context: { db: Database; config: Config }) => Promise<number>,
): Promise<void> {
  process.exitCode = await (async () => {
    loadDotEnv();
    const config = loadConfig();
    if (!config.databaseUrl) {
      process.stderr.write(`Set DATABASE_URL to ${noDatabase}.\n`);
      return 2;
    }
    const db = createDatabase(config.databaseUrl, { max: 1 });
    try {
      return await command({ db, config });
    } finally {
      await db.destroy();
    }
  })().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  });
}
