import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { loadListFromDir } from '../features/sanctions/sanctions-list';
import { AppError } from '../lib/app-error';
import { isMainModule, runDatabaseCommand } from './run-cli';

const USAGE =
  'usage: npm run sanctions:update -- [--force] <folder with SDN.CSV ADD.CSV ALT.CSV SDN_COMMENTS.CSV CONS_*.CSV>\n';

/**
 * `npm run sanctions:update -- <folder>`: loads the Treasury's SDN and consolidated list files,
 * downloaded into a folder, as the whole sanctions list, in one transaction (docs/sanctions.md,
 * "Updating the list"). Refuses files that do not parse and a list that shrank implausibly
 * (unless `--force`). The screening job then screens every customer and recipient against the
 * entries that are new or changed. Exit code 0: loaded; 1: refused; 2: could not run.
 */
export async function sanctionsUpdateCommand(
  argv: string[],
  { db, out, now }: { db: Database; out: (text: string) => void; now: Date },
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch {
    out(USAGE);
    return 1;
  }
  const dir = parsed.positionals[0];
  if (!dir || parsed.positionals.length !== 1) {
    out(USAGE);
    return 1;
  }
  try {
    const result = await loadListFromDir(db, dir, {
      origin: 'file',
      force: parsed.values.force === true,
      now,
    });
    out(
      `Loaded ${result.entries} entries (${result.names} names with aliases): ${result.added} new, ${result.changed} changed, ${result.removed} removed (load ${result.loadId}).\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out(`${error.message}\n`);
      return 1;
    }
    out(`${(error as Error).message}\n`);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
}

if (isMainModule(import.meta.url)) {
  await runDatabaseCommand('the database to load the list into', ({ db }) =>
    sanctionsUpdateCommand(process.argv.slice(2), {
      db,
      out: (text) => process.stdout.write(text),
      now: new Date(),
    }),
  );
}
