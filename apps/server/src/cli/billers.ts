import fs from 'node:fs';
import { loadConfig, loadDotEnv } from '../config';
import { createDatabase } from '../db/database';
import { upsertBiller } from '../features/billpay/billpay.repository';
import { parseBillerFile } from '../features/billpay/billpay-directory';

/**
 * `npm run billers -- import <file.json>`: fills the biller directory (the `billers` table) from
 * a file operations keep — how live mode gets its billers (sandbox mode seeds the fictional
 * catalog itself). Each biller is added, or changed in place by its id; the file's format is
 * features/billpay/billpay-directory.ts (docs/bill-pay.md has an example). The database is
 * DATABASE_URL. Exit code 0: imported; 1: the file has a mistake; 2: it could not run.
 */
async function run(): Promise<number> {
  const [verb, file] = process.argv.slice(2);
  if (verb !== 'import' || !file) {
    process.stderr.write('usage: npm run billers -- import <file.json>\n');
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('Set DATABASE_URL to the database to fill.\n');
    return 2;
  }
  let records: ReturnType<typeof parseBillerFile>;
  try {
    records = parseBillerFile(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 1;
  }
  const db = createDatabase(config.databaseUrl, { max: 1 });
  try {
    for (const record of records) await upsertBiller(db, record);
  } finally {
    await db.destroy();
  }
  process.stdout.write(`${records.length} billers imported\n`);
  return 0;
}

process.exitCode = await run().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  return 2;
});
