import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

/**
 * Severity of the structure rules (STRUCTURE_RULES below). One edit to turn them down to 'warn'
 * while areas are still being moved, or back up once they are clean.
 */
const STRUCTURE = 'error';

/*
 * ESLint replaces (never merges) a rule's options when two config objects set that rule for one
 * file, so structure rules sharing no-restricted-syntax or no-restricted-imports would silently
 * drop each other's restrictions where their files overlap. Each structure rule is therefore the
 * same implementation under its own id in this local plugin, reported and counted as structure/….
 */
const structure = {
  meta: { name: 'corkboard-structure' },
  rules: {
    'query-builder-in-repositories': builtinRules.get('no-restricted-syntax'),
    'sql-in-repositories': tseslint.plugin.rules['no-restricted-imports'],
    'authorized-types-in-access': builtinRules.get('no-restricted-syntax'),
    'adapters-pass-the-actor': tseslint.plugin.rules['no-restricted-imports'],
  },
};

/** Kysely's query-builder entry points (also counted by scripts/structure/source-counts.ts). */
const QUERY_BUILDER_METHODS = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom'];
const REPOSITORIES = 'Database access lives in *.repo.ts (docs/STYLE_GUIDE.md)';

/** The brands of src/server/access/authorized.ts and operators.ts: holding one proves a check ran. */
const AUTHORIZED_TYPES = ['Reader', 'Writer', 'Member', 'SignedIn', 'Operator', 'BusinessAccess'];

/** (a) SQL is written in repositories (and the database folder), so services stay testable rules. */
const queryBuilderInRepositories = {
  name: 'corkboard/structure/query-builder-in-repositories',
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/server/db/**', '**/*.repo.ts'],
  plugins: { structure },
  rules: {
    'structure/query-builder-in-repositories': [
      STRUCTURE,
      ...QUERY_BUILDER_METHODS.map((method) => ({
        selector: `CallExpression[callee.property.name='${method}']`,
        message: `${method}() builds SQL. ${REPOSITORIES}.`,
      })),
    ],
    // Type imports (`import type { Kysely } from 'kysely'`) stay allowed: they are erased.
    'structure/sql-in-repositories': [
      STRUCTURE,
      { paths: [{ name: 'kysely', importNames: ['sql'], allowTypeImports: true, message: `sql builds SQL. ${REPOSITORIES}.` }] },
    ],
  },
};

/** (b) Only src/server/access makes an authorized type: a cast anywhere else would skip the check. */
const authorizedTypesInAccess = {
  name: 'corkboard/structure/authorized-types-in-access',
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/server/access/**'],
  plugins: { structure },
  rules: {
    'structure/authorized-types-in-access': [
      STRUCTURE,
      {
        selector: `:matches(TSAsExpression, TSTypeAssertion)[typeAnnotation.type='TSTypeReference'][typeAnnotation.typeName.name=/^(${AUTHORIZED_TYPES.join('|')})$/]`,
        message: 'Authorized types are made by the checks in src/server/access, never by a cast (docs/STYLE_GUIDE.md).',
      },
    ],
  },
};

/** (c) Adapters translate protocols; deciding who may do what is a service's job. */
const adaptersPassTheActor = {
  name: 'corkboard/structure/adapters-pass-the-actor',
  files: ['src/server/**/*.routes.ts', 'src/server/**/*.resources.ts', 'src/server/v5/**', 'src/server/graphql/**', 'src/server/pages/**'],
  plugins: { structure },
  rules: {
    'structure/adapters-pass-the-actor': [
      STRUCTURE,
      {
        patterns: [
          {
            // Any module of an access folder but actor.ts, the Actor an adapter hands to a service.
            regex: '(^|/)access/(?!actor\\.ts$)[^/]+$',
            allowTypeImports: true,
            message: 'Adapters pass the Actor to a service; the service checks access (docs/STYLE_GUIDE.md).',
          },
        ],
      },
    ],
  },
};

/** The structure rules, each in its own config object; their severity is STRUCTURE. */
export const STRUCTURE_RULES = [queryBuilderInRepositories, authorizedTypesInAccess, adaptersPassTheActor];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...STRUCTURE_RULES,
  {
    files: ['eslint.config.js', '.dependency-cruiser.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // dependency-cruiser reads its configuration with require().
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
