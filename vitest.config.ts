import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Security-header and fuzz tests run the built server: build it once when out of date.
    globalSetup: ['tests/integration/built-server.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
