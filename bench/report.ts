import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../e2e/support/server-process';

const REPORT = path.join(repoRoot, 'docs/benchmarks.md');

/** Replaces the text between `<!-- <name>-bench:start -->` and `<!-- <name>-bench:end -->`. */
export function replaceSection(name: string, body: string): void {
  const start = `<!-- ${name}-bench:start -->`;
  const end = `<!-- ${name}-bench:end -->`;
  const current = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${body}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = pattern.test(current)
    ? current.replace(pattern, block)
    : `${current.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(REPORT, next);
}
