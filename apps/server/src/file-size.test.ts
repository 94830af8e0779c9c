import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A newcomer should be able to read a production file in one sitting. A file over the limit
// stays only with its reason written here; an entry whose file shrank below it goes.
const LIMIT = 400;

/** Repository path → why it is longer than LIMIT lines. */
const ALLOWED: Record<string, string> = {
  'apps/server/src/db/schema.ts':
    "kysely's Database type, one interface per table: the schema read in one place, like a migration listing",
  'apps/server/src/providers/unit/unit-schemas.ts':
    "Unit's answers, one zod schema per resource named after its file in Unit's OpenAPI, read side by side with that document",
  'apps/web/src/test/api-contracts.ts':
    'test support, not shipped: every route the web calls with its zod contract, one entry each, the table the stubs are checked against',
  'packages/shared/src/fees.ts':
    'the whole fee schedule of spec §9 in one place, so each figure is written exactly once',
};

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

function productionFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function lineCount(path: string): number {
  return readFileSync(join(root, path), 'utf8').split('\n').length - 1; // as wc -l counts
}

describe('production file size', () => {
  it(`keeps every production file within ${LIMIT} lines unless its reason is written`, () => {
    const long = sourceRoots
      .flatMap(productionFiles)
      .filter((path) => lineCount(path) > LIMIT)
      .map((path) => relative(root, join(root, path)));
    expect(long.filter((path) => !(path in ALLOWED))).toEqual([]);
  });

  it('allows only files that are still over the limit', () => {
    const stale = Object.keys(ALLOWED).filter((path) => {
      try {
        return lineCount(path) <= LIMIT;
      } catch {
        return true; // moved or deleted
      }
    });
    expect(stale).toEqual([]);
  });
});
