/**
 * Counts argon2 password verifications while still running the real library: throttling tests ask how many
 * passwords a burst of attempts got checked, which no outcome shows on its own. Install with
 * `vi.mock('@node-rs/argon2', async (importOriginal) => (await import('../support/count-argon2')).countingArgon2(await importOriginal()))`.
 */
type Argon2 = typeof import('@node-rs/argon2');

let verifications = 0;

export const argon2Verifications = () => verifications;

export function countingArgon2(real: Argon2): Argon2 {
  return {
    ...real,
    verify: (...args: Parameters<Argon2['verify']>) => {
      verifications += 1;
      return real.verify(...args);
    },
  };
}
