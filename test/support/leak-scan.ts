/**
 * Looking for secrets where they must not be: the forms a value takes when code encodes it on the way to a
 * log or a column, and a tee of everything the test process prints.
 */

/** A value as sent, digits only, base64, base64url and URL-encoded (forms shorter than 6 characters say nothing). */
export function leakForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set([value, bytes.toString('base64'), bytes.toString('base64url'), encodeURIComponent(value)]);
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 8) out.add(digits);
  return [...out].filter((v) => v.length >= 6);
}

/** PEM bodies are checked line by line: any 40+ character line of a private key is a leak. */
export const pemLines = (pem: string) =>
  pem.split('\n').filter((line) => line.length >= 40 && !line.startsWith('-----'));

/** The kinds of secret (never the values) whose forms occur in `text`. */
export function findLeaks(
  text: string,
  secrets: ReadonlyMap<string, string>,
  encode: (form: string) => string = (form) => form,
) {
  const leaks = new Set<string>();
  for (const [value, what] of secrets)
    for (const form of leakForms(value))
      if (text.includes(encode(form))) leaks.add(`${what} (${form === value ? 'as is' : 'transformed'})`);
  return [...leaks];
}

/** Tees process.stdout, process.stderr and console.* into `printed`, suppressing nothing; returns the undo. */
export function teeOutput(printed: string[]) {
  const restore: (() => void)[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => (
      printed.push(String(chunk)),
      (write as (...a: unknown[]) => boolean)(chunk, ...rest)
    )) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  // vitest routes console past process.stdout, so it is teed on its own.
  const terminal = globalThis.console as unknown as Record<string, (...args: unknown[]) => void>;
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    const original = terminal[level]!;
    terminal[level] = (...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
      original(...args);
    };
    restore.push(() => (terminal[level] = original));
  }
  return () => restore.reverse().forEach((undo) => undo());
}
