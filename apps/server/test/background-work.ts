/**
 * The server's background work as main.ts runs it from the job queue, for a test over HTTP:
 * `work` again `everyMs` after each run ends. `stop()` (the test file's `afterAll`, which runs
 * before the app's own teardown) schedules no further run and waits for the one under way, so
 * the work never outlives the app it uses. Each file had its own loop, and a run still going when
 * the file ended rescheduled itself after `clearTimeout`, into the app's teardown (a suspect for
 * a teardown that timed out in CI). A run that fails stops the work, and `stop()` throws its error.
 */
export function backgroundWork(work: () => Promise<unknown>, everyMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = work().then(() => {
        if (!stopped) schedule();
      });
      // Seen by stop(); not an unhandled rejection meanwhile.
      running.catch(() => {});
    }, everyMs);
  };
  schedule();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
