import { afterAll } from 'vitest';

/**
 * What a test file's helpers opened (its database, pools), closed after the file's tests and its
 * own `afterAll` hooks (test/setup-file.ts runs these). Vitest silently ignores an `afterAll`
 * registered while a hook runs, and the helpers run inside `beforeAll`: an `afterAll` of theirs
 * never ran, and every file's database and pool outlived it to the end of the run.
 */
const cleanups: Array<() => Promise<void> | void> = [];

export function afterFile(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Registered once per test file by the setup file, before the file's own hooks: so it runs last. */
export function closeAfterFile(): void {
  afterAll(async () => {
    const errors: unknown[] = [];
    // Last opened, first closed: a pool before the database it connects to is dropped.
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'closing the test file’s resources');
  });
}
