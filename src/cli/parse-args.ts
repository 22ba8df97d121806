export type ParsedArgs = {
  positionals: string[];
  flags: Record<string, string | undefined>;
  json: boolean;
  help: boolean;
};

/** Flags that take no value; present means "true" (kept as a string so they travel through /internal/cli). */
const switches = new Set(['password-final', 'force']);

/** `--name x`, `--name=x`, bare `--json` / `--help` and the switches above; everything else is positional. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | undefined> = {};
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      flags[name] = inline ?? (switches.has(name) ? 'true' : argv[++i]);
    } else positionals.push(arg);
  }
  return { positionals, flags, json, help };
}

export const usage = `Usage: npm run cli -- <command> [--json]

  platform create --name <name>                        → { platformId, apiKey, webhookSecret }
  platform list                                        → every platform: id, name, operators, admins, created
  platform config set <platformId> <key> <value>       e.g. miniprogram.audit_notify_url https://…
  apikey create <platformId> [--services payments,miniprogram] [--name <name>]   → { apiKey }
  apikey revoke <platformId> <keyId>
  operator create --email <e> --password <p> [--platform <id> --role admin|operator|viewer] [--locale zh-CN|en] [--password-final]
                                                       the password must be changed at the first sign-in, unless
                                                       --password-final (scripts whose password is not handed to a person)
  operator disable --email <e>                         the account cannot sign in; its sessions end now
  operator enable --email <e>                          it can sign in again with its password
  operator remove --email <e>                          deletes the account, its memberships and sessions; the
                                                       address can be invited (and prove its mailbox) again
  data-key status                                      → active key, key ids in the ring, stored tokens per key id
  data-key reencrypt [--batch-size 200]                rewrite every token not under the active key (online)
  data-key add                                         embedded only: new active key in secrets.json (restart after)
  data-key retire <keyId>                              embedded only: drop a key no stored token uses any more
  (rotation step by step: docs/data-key-rotation.md)
  backup --out <file>                                  embedded database: a consistent copy, also while the server
                                                       runs (the data keys are not in it: keep secrets.json apart)
  restore --from <file> [--force]                      embedded database, server stopped: refuses a damaged file, one
                                                       whose data keys this installation lacks, and (without --force)
                                                       a DATA_DIR that already holds a database
  doctor [--platform <id>]                             one harmless signed call per upstream; per upstream OK, or
                                                       the variable to fix (sandbox mode: the platform's sandbox)
  retention run [--batch-size 1000]                    one retention pass now (what the daily job does): rows
                                                       deleted per table (docs/operations.md, "Retention")
  sandbox seed --platform <id> [--records 100000]      sandbox mode: adds made-up sub-merchants (1..200000) in
                                                       every work-queue state, held by the platform's sandbox
  sandbox live-env --platform <id> --json              sandbox mode: the live-mode variables (sandbox keys, the
                                                       platform's sandbox hosts) to rehearse live mode against it

With the embedded database held by a running server, commands go through that server.
'npm run --silent cli -- … --json' prints only the JSON.`;
