import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir';
import { DataDirError } from './embedded-postgres';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-datadir-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('creates the directory and releases the lock', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'pago.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'pago.pid'))).toBe(false);
  });

  it('refuses a directory that a live process holds', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'pago.pid'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirError);
      expect(() => lockDataDir(dir)).toThrow(
        `Another Pago server (pid ${other.pid}) is already using ${dir}`,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a server that died', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'pago.pid'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'pago.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses a path that is a file', () => {
    const file = path.join(tempDir(), 'not-a-dir');
    fs.writeFileSync(file, '');
    expect(() => lockDataDir(file)).toThrow(DataDirError);
  });
});
