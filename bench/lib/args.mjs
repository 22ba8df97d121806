/**
 * Tiny `--name value` / `--flag` parser for the bench scripts (no dependency, no surprises).
 * Unknown flags are an error so a typo never silently benchmarks the default.
 */
export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { ...options, help: true };
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unexpected argument "${arg}". Run with --help.`);
    const key = match[1].replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in defaults)) throw new Error(`Unknown option --${match[1]}. Run with --help.`);
    const current = defaults[key];
    if (typeof current === 'boolean') {
      options[key] = match[2] === undefined ? true : match[2] !== 'false';
      continue;
    }
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${match[1]} needs a value.`);
    if (typeof current === 'number') {
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new Error(`--${match[1]} must be a number, got "${raw}".`);
      options[key] = value;
    } else {
      options[key] = raw;
    }
  }
  return options;
}
