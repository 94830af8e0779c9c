import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';

/**
 * schema.ts is written by hand (its types carry our brands and unions), so this test holds it to
 * the migrated database: every table and column on both sides, each column's type and whether it
 * may be null. Indexes and constraints are not compared.
 */
const { db } = await createTestDatabase();

/** What a column reads as in TypeScript, as far as PostgreSQL can tell. */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'Buffer' | 'array' | 'json';
type Column = { kind: Kind; nullable: boolean };
type Tables = Record<string, Record<string, Column>>;

// What `pg` answers for each type (int8 is parsed to a number in db/database.ts).
const PG_KINDS: Record<string, Kind> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  numeric: 'string',
  date: 'Date',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  bytea: 'Buffer',
  json: 'json',
  jsonb: 'json',
};

/** Tables the migrators (and the function step) keep for themselves; no query reads them through kysely. */
const OWN_TABLES = /^(kysely_|db_function$)/;

async function databaseTables(): Promise<Tables> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    data_type: string;
    is_nullable: 'YES' | 'NO';
  }>`
    select c.table_name, c.column_name, c.udt_name, c.data_type, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables: Tables = {};
  for (const row of rows) {
    if (OWN_TABLES.test(row.table_name)) continue;
    const kind = row.data_type === 'ARRAY' ? 'array' : PG_KINDS[row.udt_name];
    if (!kind) throw new Error(`${row.table_name}.${row.column_name}: no kind for ${row.udt_name}`);
    tables[row.table_name] ??= {};
    (tables[row.table_name] as Record<string, Column>)[row.column_name] = {
      kind,
      nullable: row.is_nullable === 'YES',
    };
  }
  return tables;
}

/** schema.ts as the compiler reads it: each table's Selectable row, column by column. */
function declaredTables(): Tables {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const probe = path.join(here, '__schema-probe__.ts');
  const source = [
    "import type { Selectable } from 'kysely';",
    "import type { DB } from './schema';",
    'export type Rows = { [T in keyof DB]: Selectable<DB[T]> };',
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ESNext,
    lib: ['lib.esnext.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (file) => (path.resolve(file) === probe ? source : readFile(file));
  const fileExists = host.fileExists;
  host.fileExists = (file) => path.resolve(file) === probe || fileExists(file);
  const program = ts.createProgram([probe], options, host);
  const errors = ts.getPreEmitDiagnostics(program);
  if (errors.length > 0) {
    throw new Error(
      errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'),
    );
  }
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(probe) as ts.SourceFile;
  const alias = file.statements.find(ts.isTypeAliasDeclaration) as ts.TypeAliasDeclaration;
  const rows = checker.getTypeAtLocation(alias.name);
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(rows)) {
    const row = checker.getTypeOfSymbol(table);
    tables[table.name] = {};
    for (const column of checker.getPropertiesOfType(row)) {
      const type = checker.getTypeOfSymbol(column);
      (tables[table.name] as Record<string, Column>)[column.name] = columnOf(checker, type);
    }
  }
  return tables;
}

function columnOf(checker: ts.TypeChecker, type: ts.Type): Column {
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
  const kinds = new Set(
    parts
      .filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
      .map((t) => kindOf(checker, t)),
  );
  // A column typed as a union of kinds (say `string | number`) can only be a json one.
  const kind = kinds.size === 1 ? ([...kinds][0] as Kind) : 'json';
  return { kind, nullable };
}

function kindOf(checker: ts.TypeChecker, type: ts.Type): Kind {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  // Branded (`string & { __brand }`): the primitive it brands.
  if (type.isIntersection()) {
    const primitive = type.types.find(
      (t) => t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike),
    );
    if (primitive) return kindOf(checker, primitive);
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return 'Date';
  if (name === 'Buffer' || name === 'Uint8Array') return 'Buffer';
  return 'json';
}

/** A json column may be read as anything; an array column may also be declared json. */
function agrees(declared: Column, actual: Column): boolean {
  if (declared.nullable !== actual.nullable) return false;
  if (actual.kind === 'json') return true;
  return declared.kind === actual.kind;
}

describe('db/schema.ts', () => {
  it('declares every table and column of the migrated database, with its type and nullability', async () => {
    const actual = await databaseTables();
    const declared = declaredTables();
    expect(Object.keys(actual).length).toBeGreaterThan(40);
    const differences: string[] = [];
    for (const table of new Set([...Object.keys(actual), ...Object.keys(declared)])) {
      const inDatabase = actual[table];
      const inSchema = declared[table];
      if (!inSchema) differences.push(`${table}: in the database, not in schema.ts`);
      if (!inDatabase) differences.push(`${table}: in schema.ts, not in the database`);
      if (!inSchema || !inDatabase) continue;
      for (const column of new Set([...Object.keys(inDatabase), ...Object.keys(inSchema)])) {
        const a = inDatabase[column];
        const d = inSchema[column];
        if (!d) differences.push(`${table}.${column}: in the database, not in schema.ts`);
        else if (!a) differences.push(`${table}.${column}: in schema.ts, not in the database`);
        else if (!agrees(d, a)) {
          const show = (c: Column) => `${c.kind}${c.nullable ? ' | null' : ''}`;
          differences.push(
            `${table}.${column}: schema.ts says ${show(d)}, the database ${show(a)}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
