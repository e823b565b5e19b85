import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Files in a worker share the modules they import: loading React, Chakra and jsdom again for
          // each file took most of the project's time. A file that mocks a module resets the registry first.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database; PostgreSQL files share one cluster, so keep them few at a time.
          maxWorkers: 2,
          // Each file builds its own app over its own database, so files may share loaded modules.
          isolate: false,
          // Runs after the unit project when both are run together (`npx vitest run`).
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
