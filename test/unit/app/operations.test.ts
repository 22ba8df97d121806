import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '@/app/operations';
import type { Operation } from '@/server/openapi/operation';

const appDir = path.join(process.cwd(), 'src/app');

function operationFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return operationFiles(full);
    return entry.name === 'operation.ts' ? [full] : [];
  });
}

/** The URL template a route folder answers, in OpenAPI style: [id] becomes {id}. */
const templateOf = (file: string) =>
  '/' +
  path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}'))
    .join('/');

describe('the operations gathered from the route folders (src/app/operations.ts)', () => {
  const files = operationFiles(appDir).sort();

  it('holds every operation.ts on disk, each declaring operations of its own folder only', async () => {
    expect(files.length).toBeGreaterThan(20);
    const declared: Operation[] = [];
    for (const file of files) {
      const module = (await import(/* @vite-ignore */ file)) as { operations: Operation[] };
      expect(module.operations.length, file).toBeGreaterThan(0);
      for (const operation of module.operations) expect(operation.path, file).toBe(templateOf(file));
      declared.push(...module.operations);
    }
    const ids = (list: Operation[]) => list.map((operation) => operation.operationId).sort();
    expect(ids(operations)).toEqual(ids(declared));
  });

  it('declares each operation once, with a route file next to it', () => {
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    expect(new Set(operations.map((operation) => `${operation.method} ${operation.path}`)).size).toBe(
      operations.length,
    );
    for (const file of files) expect(fs.existsSync(path.join(path.dirname(file), 'route.ts')), file).toBe(true);
  });
});
