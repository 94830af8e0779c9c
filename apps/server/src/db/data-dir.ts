import fs from 'node:fs';
import path from 'node:path';
import { DataDirError, isAlive } from './embedded-postgres';

/**
 * Makes sure the data directory exists and is writable, and takes `<dataDir>/pago.pid` so that a
 * second server on the same directory is refused instead of sharing (and corrupting) its files.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DataDirError(`Data directory ${dataDir} is not usable (${code}).`);
  }
  if (!fs.statSync(dataDir).isDirectory()) {
    throw new DataDirError(`Data directory ${dataDir} is not a directory.`);
  }

  const lockFile = path.join(dataDir, 'pago.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new DataDirError(`Data directory ${dataDir} is not writable (${code}).`);
      }
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirError(
          `Another Pago server (pid ${holder}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      // A stale lock from a server that did not shut down cleanly.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirError(`Could not lock data directory ${dataDir}.`);
}
