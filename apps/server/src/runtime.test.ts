import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Node 20 is end of life: npm scripts (`npm test`, `npm start`) must run the Node 24 that the root
// `node` devDependency puts in node_modules/.bin, whatever Node the machine itself has.
const rootPackage = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the runtime', () => {
  it('runs the tests on the Node of the `node` devDependency, a Node 24', () => {
    expect(rootPackage.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(process.version).toBe(`v${rootPackage.devDependencies.node}`);
    expect(rootPackage.engines.node).toBe('>=24 <25');
  });
});
