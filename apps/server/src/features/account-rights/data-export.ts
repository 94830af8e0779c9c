import { Readable } from 'node:stream';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatSortableDateTime } from '@pago/shared/time-zones';
import { ZipFile } from 'yazl';
import { listTransfersOf } from '../activity/activity.repository';
import { csvRowsOf } from '../activity/activity.service';
import { csvField, csvHeader, csvLine } from '../activity/activity-csv';
import { type ExportContext, PAGE, type Table, tables } from './data-export-tables';
import { EXPORT_WORDS } from './data-export-words';

export { maskDigits } from './data-export-rows';
export type { ExportContext } from './data-export-tables';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** A table as JSON: an array, one object a line, written as the rows come. */
async function* jsonOf<Row>(table: Table<Row>): AsyncGenerator<Buffer> {
  yield utf8('[');
  let first = true;
  for await (const row of table.rows()) {
    const entry: Record<string, unknown> = {};
    for (const column of table.columns) {
      const value = column.value(row);
      entry[column.key] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    yield utf8(`${first ? '\n' : ',\n'}${JSON.stringify(entry)}`);
    first = false;
  }
  yield utf8('\n]\n');
}

/**
 * A table as CSV in the user's language, times on their wall clock with the zone named in the
 * header, every field through the activity CSV's `csvField` (quoted, formulas defused). A BOM
 * first, so that spreadsheets read the accents as UTF-8.
 */
async function* csvOf<Row>(table: Table<Row>, context: ExportContext): AsyncGenerator<Buffer> {
  const words = EXPORT_WORDS[context.language];
  const headers = words.columns as Record<string, string>;
  yield utf8(`\uFEFF${table.columns.map((c) => csvField(headers[c.key] ?? c.key)).join(',')}\r\n`);
  for await (const row of table.rows()) {
    const line = table.columns.map((column) => {
      const value = column.value(row);
      const text =
        value instanceof Date
          ? formatSortableDateTime(value, context.timeZone)
          : typeof value === 'boolean'
            ? value
              ? words.yes
              : words.no
            : value === null || value === undefined
              ? ''
              : String(value);
      return csvField(text);
    });
    yield utf8(`${line.join(',')}\r\n`);
  }
}

/** Transfers as the user's activity shows them, newest first, page by page. */
async function* transfersOf(context: ExportContext): AsyncGenerator<Transfer> {
  let before: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listTransfersOf(context.db, context.userId, { before, limit: PAGE });
    for (const t of await context.activity.view(rows, context.userId)) yield t;
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return;
    before = { createdAt: last.created_at, id: last.id };
  }
}

async function* transfersJson(context: ExportContext): AsyncGenerator<Buffer> {
  yield utf8('[');
  let first = true;
  for await (const t of transfersOf(context)) {
    yield utf8(`${first ? '\n' : ',\n'}${JSON.stringify(t)}`);
    first = false;
  }
  yield utf8('\n]\n');
}

/** The activity CSV's own lines (same columns, words and zone as "Descargar CSV" in activity). */
async function* transfersCsv(context: ExportContext): AsyncGenerator<Buffer> {
  yield utf8(`\uFEFF${csvHeader(context.language, context.timeZone)}\r\n`);
  for await (const t of transfersOf(context)) {
    for (const line of csvRowsOf(t)) {
      yield utf8(`${csvLine(line, context.language, context.timeZone)}\r\n`);
    }
  }
}

function lazy(zip: ZipFile, name: string, mtime: Date, source: () => AsyncIterable<Buffer>) {
  zip.addReadStreamLazy(name, { mtime }, (callback) => {
    const stream = Readable.from(source(), { objectMode: false });
    stream.on('error', (error) => (zip.outputStream as Readable).destroy(error));
    callback(null, stream);
  });
}

/**
 * The user's data as a ZIP stream: each table as JSON and CSV, the transfers as the activity's
 * own, and a README in the user's language that says what each file is and what is left out and
 * why. Files are read one after another as the ZIP is written (yazl reads a lazy entry only when
 * it reaches it), and long lists page by page: nothing is held whole.
 */
export function dataExportZip(context: ExportContext): Readable {
  const zip = new ZipFile();
  const words = EXPORT_WORDS[context.language];
  const mtime = context.now;
  zip.addBuffer(utf8(words.readme), words.readmeName, { mtime });
  lazy(zip, 'transfers.json', mtime, () => transfersJson(context));
  lazy(zip, 'transfers.csv', mtime, () => transfersCsv(context));
  for (const table of tables(context) as Table<unknown>[]) {
    lazy(zip, `${table.name}.json`, mtime, () => jsonOf(table));
    lazy(zip, `${table.name}.csv`, mtime, () => csvOf(table, context));
  }
  zip.end();
  return zip.outputStream as Readable;
}
