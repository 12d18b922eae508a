import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'sso-server', include: ['test/**/*.test.ts'], testTimeout: 180_000 } });
