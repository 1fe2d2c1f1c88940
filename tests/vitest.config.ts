import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: {
    alias: { '~': fileURLToPath(new URL('../src', import.meta.url)) },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The wire-types test builds the OpenAPI document, which loads the server's configuration:
          // keep its development secret out of the developer's .data/.
          env: { DATA_DIR: '.test-data' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/db-global-setup.ts'],
          setupFiles: ['tests/helpers/db-setup.ts'],
          env: {
            NODE_ENV: 'test',
            DATA_DIR: '.test-data',
            SEED_DEMO: 'false',
            SITE_URL: 'http://shop.test',
            MEDIA_FETCH_PRIVATE: 'true',
          },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file opens its own PGlite copy (~150 MB of WASM memory); two at a time suits 2-core CI machines.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Two built shop processes behind nginx on a PostgreSQL of their own (tests/helpers/deploy/):
          // run by `npm test` only where nginx and Debian's PostgreSQL binaries are installed.
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          env: { NODE_ENV: 'test', DATA_DIR: '.test-data' },
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
