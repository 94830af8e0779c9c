import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of biome.json, proven on probe files written where real code lives: a later
// override replacing an earlier one's restrictions would let one of these probes pass.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const probe = `lint-probe-${randomUUID().slice(0, 8)}`;
const dirs = ['features', 'lib', 'sandbox'].map((d) => `apps/server/src/${d}/${probe}`);

/** Probe file → the import it makes (relative to its folder) and what Biome must say. */
const probes: Record<string, { imports: string[]; rule: string; says: string }> = {
  [`features/${probe}/up.service.ts`]: {
    imports: ['../transfers/transfers.routes'],
    rule: 'lint/style/noRestrictedImports',
    says: 'never back up',
  },
  [`features/${probe}/fake.service.ts`]: {
    imports: ['../../sandbox/thunes/thunes-fake'],
    rule: 'lint/style/noRestrictedImports',
    says: 'Only the wiring (app.ts and its app-*.ts parts) and tests import the sandbox fakes',
  },
  [`features/${probe}/other.service.ts`]: {
    imports: ['../ledger/ledger.repository'],
    rule: 'lint/style/noRestrictedImports',
    says: 'never its repository',
  },
  [`features/${probe}/sql.routes.ts`]: {
    imports: ['../transfers/transfers.repository'],
    rule: 'lint/style/noRestrictedImports',
    says: 'Routes call services and nothing below',
  },
  [`features/${probe}/up.repository.ts`]: {
    imports: ['../transfers/transfers.service'],
    rule: 'lint/style/noRestrictedImports',
    says: 'a repository never imports a service',
  },
  [`lib/${probe}/fake.ts`]: {
    imports: ['../../sandbox/fx/sandbox-rates'],
    rule: 'lint/style/noRestrictedImports',
    says: 'Only the wiring (app.ts and its app-*.ts parts) and tests import the sandbox fakes',
  },
  [`sandbox/${probe}/verifier.ts`]: {
    imports: ['../../features/identity/webhook-signatures'],
    rule: 'lint/style/noRestrictedImports',
    says: 'never import Pago',
  },
  [`lib/${probe}/cycle-a.ts`]: {
    imports: ['./cycle-b'],
    rule: 'lint/suspicious/noImportCycles',
    says: 'part of a cycle',
  },
  [`lib/${probe}/cycle-b.ts`]: {
    imports: ['./cycle-a'],
    rule: 'lint/suspicious/noImportCycles',
    says: 'part of a cycle',
  },
};
/** Allowed imports: the same folders, one level down the direction of imports. */
const clean: Record<string, string[]> = {
  [`features/${probe}/down.service.ts`]: ['../ledger/ledger.service', `./down.repository`],
  [`features/${probe}/down.repository.ts`]: ['../../lib/app-error'],
  [`features/${probe}/down.routes.ts`]: ['../transfers/transfers.service'],
};

type Diagnostic = { category: string; message: string; location: { path: string } };

async function lintProbes(): Promise<Diagnostic[]> {
  const biome = join(root, 'node_modules/.bin/biome');
  const run = promisify(execFile);
  const args = ['lint', '--reporter=json', '--max-diagnostics=none', ...dirs];
  // Biome exits 1 when it reports errors, which is what most probes expect.
  const stdout = await run(biome, args, { cwd: root }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  return (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  const files = {
    ...Object.fromEntries(Object.entries(probes).map(([f, p]) => [f, p.imports])),
    ...clean,
  };
  for (const [file, imports] of Object.entries(files)) {
    const path = join(root, 'apps/server/src', file);
    await mkdir(dirname(path), { recursive: true });
    const lines = imports.map((from, i) => `import * as m${i} from '${from}';`);
    await writeFile(
      path,
      `${lines.join('\n')}\n\nexport const used = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`,
    );
  }
  diagnostics = await lintProbes();
}, 120_000);

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(join(root, d), { recursive: true, force: true })));
});

describe('biome import rules', () => {
  it.each(Object.entries(probes))('%s is refused', (file, { rule, says }) => {
    const found = diagnostics.filter((d) => d.location.path === `apps/server/src/${file}`);
    expect(found.map((d) => d.category)).toContain(rule);
    expect(found.find((d) => d.category === rule)?.message).toContain(says);
  });

  it.each(Object.keys(clean))('%s, going down, is allowed', (file) => {
    const found = diagnostics.filter((d) => d.location.path === `apps/server/src/${file}`);
    expect(found).toEqual([]);
  });
});

/** The TypeScript files under a folder of apps/server/src, with their text. */
async function sources(dir: string): Promise<{ path: string; text: string }[]> {
  const base = join(root, 'apps/server/src', dir);
  const names = (await readdir(base, { recursive: true })).filter((name) => name.endsWith('.ts'));
  return Promise.all(
    names.map(async (name) => ({
      path: `${dir}/${name}`,
      text: await readFile(join(base, name), 'utf8'),
    })),
  );
}

describe('route dependencies', () => {
  // Each feature's routes receive the services they use from the wiring (app.ts), typed by
  // feature; one bag of every service on the app let any route reach anything.
  it.each(['features', 'sandbox'])(
    'nothing under %s reaches services through app.services',
    async (dir) => {
      const found = (await sources(dir))
        .filter((file) => /\bapp\.services\b/.test(file.text))
        .map((file) => file.path);
      expect(found).toEqual([]);
    },
  );

  // The wiring (app.ts and its app-*.ts parts) imports every route file; a route importing it back
  // (even for a type) closes a circle through every feature. Routes take their types from
  // app-instance.ts.
  it.each(['features', 'sandbox', 'lib', 'web'])(
    'no file under %s imports the wiring',
    async (dir) => {
      const found = (await sources(dir))
        .filter((file) => !file.path.endsWith('.test.ts'))
        .filter((file) => /from '(\.\.\/)+app(-(?!instance')[a-z-]+)?'/.test(file.text))
        .map((file) => file.path);
      expect(found).toEqual([]);
    },
  );
});
