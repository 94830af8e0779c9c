// A separate process with a worker of the job queue, for job-queue.test.ts to kill with SIGKILL:
// its one recurring job says which job it took, then never finishes.
import { startJobQueue } from './job-queue';

const [databaseUrl, name] = process.argv.slice(2);
if (!databaseUrl || !name)
  throw new Error('usage: job-worker.fixture.ts <database url> <job name>');
await startJobQueue({
  databaseUrl,
  log: console,
  superviseSeconds: 1,
  jobs: [
    {
      name,
      everySeconds: 1,
      run: (job) => {
        process.stdout.write(`started ${job.id} ${job.retryCount}\n`);
        return new Promise(() => {});
      },
    },
  ],
});
