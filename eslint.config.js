// ESLint with type information over the four workspaces, scripts/ and bench/ (`npm run lint`, part of
// `npm test`). The rule choices are explained in CONTRIBUTING.md ("Lint and format").
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries between the layers. Each entry: the files of a layer and the import sources they
 * must not use, as regular expressions over the source string: package names (`@fpa/...`) and relative
 * paths that climb into another workspace (`../../projections/src/...`). The same patterns also apply to
 * dynamic `import('...')`, which no-restricted-imports does not look at.
 */
const layers = [
  {
    name: 'write-model',
    files: ['write-model/**'],
    forbidden: [
      {
        regex: '^@fpa/(projections|api-gateway|web)(/|$)',
        message: 'write-model is the bottom layer: it imports none of projections, api-gateway or web.',
      },
      {
        regex: '^(\\.\\./)+(projections|api-gateway|web)/',
        message: 'write-model is the bottom layer: it imports none of projections, api-gateway or web.',
      },
    ],
  },
  {
    name: 'projections',
    files: ['projections/**'],
    forbidden: [
      { regex: '^@fpa/(api-gateway|web)(/|$)', message: 'projections imports neither api-gateway nor web (no layer imports upward).' },
      { regex: '^(\\.\\./)+(api-gateway|web)/', message: 'projections imports neither api-gateway nor web (no layer imports upward).' },
    ],
  },
  {
    name: 'api-gateway',
    files: ['api-gateway/**'],
    forbidden: [
      { regex: '^@fpa/web(/|$)', message: 'api-gateway does not import web (no layer imports upward).' },
      { regex: '^(\\.\\./)+web/', message: 'api-gateway does not import web (no layer imports upward).' },
    ],
  },
  {
    name: 'web',
    files: ['web/**'],
    forbidden: [
      {
        regex: '^@fpa/(write-model(?!/validation$)|projections|api-gateway)(/|$)',
        message: 'web may import only @fpa/write-model/validation from the server packages.',
      },
      {
        regex: '^(\\.\\./)+(write-model|projections|api-gateway)/',
        message: 'web may import only @fpa/write-model/validation from the server packages (by that name, not by path).',
      },
    ],
  },
];

const boundaryConfigs = layers.map(({ name, files, forbidden }) => ({
  name: `fpa/boundaries/${name}`,
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden }],
    'no-restricted-syntax': [
      'error',
      ...forbidden.map(({ regex, message }) => ({
        // esquery's /regex/ cannot contain a slash, even escaped: \x2F stands for it.
        selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  },
}));

// Test code: tests, their helpers and fixtures, the reliability suite and the browser tests.
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.testing.ts',
  '**/*.fixture.ts',
  '**/*.fixtures.ts',
  '**/*.seed.ts',
  '**/testing.ts',
  '**/testing/**',
  '**/conformance/**',
  '**/reliability/**',
  'web/src/test/**',
  'web/e2e/**',
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'web/src/graphql-env.d.ts',
    'data/',
    'bench/results/',
    'reliability-results/',
    'scripts/sim/results/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    name: 'fpa/base',
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Each file is checked with its own tsconfig (tsconfig.json, web/tsconfig.json,
        // web/e2e/tsconfig.json); the Vite config is in none of them.
        projectService: { allowDefaultProject: ['web/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The three the issue asks for.
      '@typescript-eslint/no-floating-promises': 'error',
      // A switch without a default must name every member of the union it switches on; a `default`
      // counts as handling the rest (projections' "any other event: nothing to do" is written that way).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `_name` is how the code says "deliberately unused" (rest-destructuring a field away, a
      // callback's ignored parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off: the ports and contexts (EventStore, CommandContext, deciders, suites) are interfaces with
      // method signatures implemented by closures and object literals, never by `this`; the rule
      // cannot tell and flagged 35 places, none of them a real unbound `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Off: removing `async` from a function without `await` changes how it fails (a synchronous
      // throw instead of a rejected promise), and an async function is the natural way to satisfy a
      // Promise-returning interface (fakes in tests, ports).
      '@typescript-eslint/require-await': 'off',
      // Off: projections read event data as `unknown` and turn fields into strings on purpose
      // (`String(event.data.companyId)`); the rule flags each such coercion.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    name: 'fpa/web-browser',
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Off in test code only: tests read JSON answers of the gateway (`t.request(...).body`, typed as
    // `any` on purpose in api-gateway/src/testing.ts) and assert on them; the no-unsafe-* rules would
    // flag every property read of every answer (about 1,400 places). Production code keeps them.
    name: 'fpa/tests',
    files: testFiles,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The few plain JavaScript launch scripts have no types to check with.
    name: 'fpa/javascript',
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  ...boundaryConfigs,
);
