import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The repository paths a document names in code spans: `src/…`, `test/…`, `docs/…`, `scripts/…` and the like. */
const ROOTS = ['src', 'test', 'e2e', 'docs', 'scripts', 'bench', 'drizzle', '.ci'];
const pathLike = new RegExp(`^(${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[\\w@.()\\[\\]{},/-]*$`);

/** `src/server/{a,b}.ts` names two files. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!
    .split(',')
    .flatMap((part) => expandBraces(path.slice(0, match.index) + part + path.slice(match.index + match[0].length)));
}

const codeSpans = (markdown: string) =>
  [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim().replace(/:\d+(-\d+)?$/, ''));

/** The example of the naming rule (`src/a/b.ts` → `test/unit/a/b.test.ts`) names no real file. */
const isExample = (path: string) => path.includes('/a/b');

export function namedPaths(markdown: string): string[] {
  return codeSpans(markdown)
    .filter((span) => pathLike.test(span) && !isExample(span))
    .flatMap(expandBraces);
}

/** Test files a table names by their file name alone (`bad-input-routes.test.ts`). */
export const namedTestFiles = (markdown: string) =>
  codeSpans(markdown).filter((span) => /^[\w.-]+\.(test|spec)\.tsx?$/.test(span));

const testFileNames = new Set(
  ['test', 'e2e', 'src'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => file.split('/').at(-1)!),
  ),
);

// docs/upstream/ quotes the providers' SDKs and specifications: its paths are other repositories' files.
const documents = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.startsWith('upstream/'))
    .map((file) => `docs/${file}`),
];

describe('file paths named in the documents', () => {
  it('finds the paths a document names (braces expanded, line numbers dropped)', () => {
    expect(namedPaths('see `src/server/{errors,logger}.ts`, `docs/a.md:12` and `npm test`')).toEqual([
      'src/server/errors.ts',
      'src/server/logger.ts',
      'docs/a.md',
    ]);
    expect(namedTestFiles('`gone.test.ts` ("a case"); `e2e/x.spec.ts`')).toEqual(['gone.test.ts']);
    expect(testFileNames.has('gone.test.ts')).toBe(false);
  });

  it.each(documents)('%s names only files and folders that exist', (document) => {
    const markdown = readFileSync(document, 'utf8');
    expect(namedPaths(markdown).filter((path) => !existsSync(path))).toEqual([]);
    expect(namedTestFiles(markdown).filter((name) => !testFileNames.has(name))).toEqual([]);
  });
});
