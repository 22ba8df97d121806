import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '@/env';

/** Sets environment variables for the enclosing suite (re-read through getEnv) and removes them afterwards. */
export function useEnv(variables: Record<string, string>) {
  beforeAll(() => {
    Object.assign(process.env, variables);
    resetEnvForTests();
  });
  afterAll(() => {
    for (const name of Object.keys(variables)) delete process.env[name];
    resetEnvForTests();
  });
}
