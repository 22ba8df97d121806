import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { documentWithTable, layerTable } from '../../../scripts/layer-table.mjs';

describe('the layer table of docs/architecture.md', () => {
  it('is the one layers.config.cjs (the source of the dependency-cruiser rules) writes', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    expect(documentWithTable(doc)).toBe(doc);
  });

  it('names every layer the rules check, src/domain and src/sandbox/control included', () => {
    const table: string = layerTable();
    for (const folder of ['`src/domain`', '`src/sandbox/control`', '`src/components`', '`src/app`', '`src/trpc`'])
      expect(table).toContain(folder);
  });

  it('refuses a document without the generated block', () => {
    expect(() => documentWithTable('# Architecture\n\nno table here\n')).toThrow(/no .* block/);
  });
});
