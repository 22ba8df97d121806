import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      'drizzle/**',
      'e2e/artifacts/**',
      'next-env.d.ts',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  ...tseslint.configs.recommended,
  // Layout belongs to Prettier (`npm run format`); eslint keeps to correctness.
  prettier,
  {
    rules: {
      // One import line per module, type-only names included (`import { a, type B }`).
      'no-duplicate-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // React's rules of hooks, where React code lives (elsewhere `use…` names a plain helper, e.g.
    // useDatabaseHandle in the CLI and the tests). An incomplete dependency list shows stale data without an error.
    files: ['src/{app,components,trpc,i18n}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // CommonJS configuration files (dependency-cruiser loads .cjs) load each other with require().
  { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['src/cli/**', 'bench/**', 'scripts/**', 'e2e/**'], rules: { 'no-console': 'off' } },
);
