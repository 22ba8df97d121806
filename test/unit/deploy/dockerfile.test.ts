/**
 * The image copies exactly the runtime folder scripts/assemble-runtime.mjs assembles (the one
 * e2e/resilience/runtime-folder.spec.ts starts alone), runs it as a non-root user with a health check, and
 * compose.yaml hands it every variable the server requires on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Instruction = { keyword: string; args: string };
type Stage = { from: string; name?: string; instructions: Instruction[] };

const read = (file: string) => fs.readFileSync(path.join(process.cwd(), file), 'utf8');

/** Dockerfile syntax as far as this file uses it: comments, `\` continuations, one instruction per line. */
function parseDockerfile(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      stages.push({ from, name, instructions: [] });
    } else stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** A COPY's flags and its sources and destination. */
function parseCopy(args: string) {
  const words = args.split(/\s+/);
  const flags = Object.fromEntries(
    words.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=') as [string, string]),
  );
  const paths = words.filter((w) => !w.startsWith('--'));
  return { flags, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

const stages = parseDockerfile(read('Dockerfile'));
const [build, runtime] = [stages[0]!, stages.at(-1)!];
const assembled = build.instructions
  .filter((i) => i.keyword === 'RUN')
  .map((i) => /node scripts\/assemble-runtime\.mjs (\S+)/.exec(i.args)?.[1])
  .find(Boolean);

describe('Dockerfile', () => {
  it('is multi-stage on node:20-slim, and the build stage assembles the runtime folder with the script', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toBe('node:20-slim');
    expect(build.name).toBeTruthy();
    expect(assembled).toMatch(/^\/\S+$/);
  });

  it('copies exactly the assembled folder into the image, and nothing else', () => {
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
    expect(copies).toHaveLength(1);
    const copy = parseCopy(copies[0]!.args);
    expect(copies[0]!.keyword).toBe('COPY');
    expect(copy.flags.from).toBe(build.name);
    expect(copy.sources).toEqual([`${assembled!.replace(/\/$/, '')}/`]);
    const workdir = runtime.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args;
    expect(copy.destination.replace(/\/$/, '')).toBe(workdir);
  });

  it('runs the standalone server as a non-root user with a health check on /api/health', () => {
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeTruthy();
    expect(['root', '0']).not.toContain(user);
    const health = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
    expect(health).toContain('/api/health');
    expect(runtime.instructions.find((i) => i.keyword === 'CMD')?.args).toBe('["node", "server.js"]');
    // A container gets HOSTNAME set to its id: the standalone server would listen on that name only.
    expect(runtime.instructions.find((i) => i.keyword === 'ENV')?.args).toMatch(/HOSTNAME=0\.0\.0\.0/);
    // The server drains on SIGTERM only when Next.js leaves the signal to it (docs/decisions.md).
    expect(runtime.instructions.find((i) => i.keyword === 'ENV')?.args).toMatch(/NEXT_MANUAL_SIG_HANDLE=1/);
  });

  it('sends no local build, install or data into the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.next', '.data', 'runtime', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  it('runs the image against PostgreSQL 15 with the variables the server requires there', () => {
    expect(compose).toMatch(/image: postgres:15\n/);
    // docs/configuration.md: with DATABASE_URL, SESSION_SECRET and DATA_ENCRYPTION_KEY are required (never generated).
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'DATA_ENCRYPTION_KEY', 'PUBLIC_BASE_URL'])
      expect(compose).toMatch(new RegExp(`\\n\\s+${name}: \\S`));
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/\S+@db:5432\//);
    expect(compose).toMatch(/condition: service_healthy/);
    // Longer than the default drain (SHUTDOWN_TIMEOUT_MS 25 s) and its 5 s grace, or compose SIGKILLs mid-drain.
    const grace = /stop_grace_period: (\d+)s/.exec(compose)?.[1];
    expect(Number(grace)).toBeGreaterThanOrEqual(30);
  });
});
