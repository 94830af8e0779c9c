import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers';

export default defineProject({
  test: {
    name: 'shared',
    maxWorkers: testWorkers,
    isolate: false,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
