import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '@/env';
import { resetFieldCipherForTests } from '@/server/config/field-cipher';

/**
 * Sets environment variables for the enclosing suite (re-read through getEnv, the field cipher rebuilt from the key
 * ring) and puts back what was there before afterwards.
 */
export function useEnv(variables: Record<string, string>) {
  const before: Record<string, string | undefined> = {};
  const reread = () => {
    resetEnvForTests();
    resetFieldCipherForTests();
  };
  beforeAll(() => {
    for (const name of Object.keys(variables)) before[name] = process.env[name];
    Object.assign(process.env, variables);
    reread();
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    reread();
  });
}
