import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/build-server.mjs decides when `npm start`, `npm run reconcile` and the server tests'
// setup build the server again: when a file the last build read, or the script, changed or went.
type ServerBuild = { serverBuildIsStale(at?: { root: string; outDir: string }): boolean };

const script = path.resolve(import.meta.dirname, '../../../scripts/build-server.mjs');
const { serverBuildIsStale } = (await import(pathToFileURL(script).href)) as ServerBuild;

describe('the server build’s staleness', () => {
  let root: string;
  let at: { root: string; outDir: string };
  const built = new Date('2026-11-29T12:00:00Z');
  const before = new Date('2026-11-29T11:00:00Z');
  const after = new Date('2026-11-29T13:00:00Z');
  const file = (relative: string) => path.join(root, relative);
  const write = (relative: string, when: Date, contents = '') => {
    fs.mkdirSync(path.dirname(file(relative)), { recursive: true });
    fs.writeFileSync(file(relative), contents);
    fs.utimesSync(file(relative), when, when);
  };
  /** A source, the script and the build as a fresh build leaves them. */
  const fresh = () => {
    for (const source of [
      'apps/server/src/a.ts',
      'packages/shared/b.ts',
      'scripts/build-server.mjs',
    ])
      write(source, before);
    write('apps/server/dist/inputs.json', built, '["apps/server/src/a.ts","packages/shared/b.ts"]');
    for (const output of ['main.mjs', 'reconcile.mjs']) write(`apps/server/dist/${output}`, built);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-build-'));
    at = { root, outDir: file('apps/server/dist') };
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is fresh after a build, whatever else appears under the source folders', () => {
    fresh();
    expect(serverBuildIsStale(at)).toBe(false);
    // a file nothing imports (the lint test's probes) changes nothing built
    write('apps/server/src/probe.ts', after);
    expect(serverBuildIsStale(at)).toBe(false);
  });

  it('is stale when a file the build read changed or is gone', () => {
    fresh();
    write('packages/shared/b.ts', after);
    expect(serverBuildIsStale(at)).toBe(true);
    fresh();
    fs.rmSync(file('apps/server/src/a.ts'));
    expect(serverBuildIsStale(at)).toBe(true);
  });

  it('is stale when the script changed', () => {
    fresh();
    write('scripts/build-server.mjs', after);
    expect(serverBuildIsStale(at)).toBe(true);
  });

  it('is stale when any of its outputs or its list of inputs is missing', () => {
    for (const output of ['main.mjs', 'reconcile.mjs', 'inputs.json']) {
      fresh();
      fs.rmSync(file(`apps/server/dist/${output}`));
      expect(serverBuildIsStale(at), output).toBe(true);
    }
  });
});
