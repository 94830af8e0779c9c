import fs from 'node:fs';
import type { Database } from '../db/database';
import { upsertBiller } from '../features/billpay/billpay.repository';
import { parseBillerFile } from '../features/billpay/billpay-directory';
import { runDatabaseCommand } from './run-cli';

/**
 * `npm run billers -- import <file.json>`: fills the biller directory (the `billers` table) from
 * a file operations keep — how live mode gets its billers (sandbox mode seeds the fictional
 * catalog itself). Each biller is added, or changed in place by its id; the file's format is
 * features/billpay/billpay-directory.ts (docs/bill-pay.md has an example). The database is
 * DATABASE_URL. Exit code 0: imported; 1: the file has a mistake; 2: it could not run.
 */
async function importBillers(db: Database, file: string): Promise<number> {
  let records: ReturnType<typeof parseBillerFile>;
  try {
    records = parseBillerFile(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 1;
  }
  for (const record of records) await upsertBiller(db, record);
  process.stdout.write(`${records.length} billers imported\n`);
  return 0;
}

const [verb, file] = process.argv.slice(2);
if (verb !== 'import' || !file) {
  process.stderr.write('usage: npm run billers -- import <file.json>\n');
  process.exitCode = 2;
} else {
  await runDatabaseCommand('the database to fill', ({ db }) => importBillers(db, file));
}
