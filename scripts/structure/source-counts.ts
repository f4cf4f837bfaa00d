import fs from 'node:fs';
import path from 'node:path';
import type { ICruiseResult } from 'dependency-cruiser';
import { ROOT } from './cruise.ts';

/*
 * Figures read from the source text of the cruised modules. A text scan, so a comment can count:
 * the exact checks are the ESLint rules of eslint.config.js (STRUCTURE_RULES); these are trends.
 */

/** Kysely's query-builder entry points (the same list as the ESLint rule in eslint.config.js). */
export const QUERY_BUILDER_METHODS = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom'];

const QUERY_BUILDER_CALL = new RegExp(`\\.\\s*(${QUERY_BUILDER_METHODS.join('|')})\\s*(<[^>()]*>)?\\s*\\(`);
const KYSELY_VALUE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]kysely['"]/g;
const ANY_OPTIONS = /:\s*AnyOptions\b/g;

function sourceFiles(result: ICruiseResult, under: string): string[] {
  return result.modules.map((m) => m.source).filter((s) => s.startsWith(under) && /\.tsx?$/.test(s));
}

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** Repositories and the database folder are where SQL belongs (docs/ARCHITECTURE.md). */
export function isDatabaseHome(file: string): boolean {
  return file.startsWith('src/server/db/') || file.endsWith('.repo.ts');
}

/** `import { sql, type Kysely } from 'kysely'` imports the value sql; `import type { … }` nothing. */
function importsSqlValue(text: string): boolean {
  return [...text.matchAll(KYSELY_VALUE_IMPORT)].some((m) => (m[1] ?? '').split(',').some((specifier) => /^sql(\s+as\s+\w+)?$/.test(specifier.trim())));
}

/** Files outside the database's homes that build queries: a query-builder call or the sql tag. */
export function queryBuilderFiles(result: ICruiseResult): string[] {
  return sourceFiles(result, 'src/')
    .filter((file) => !isDatabaseHome(file))
    .filter((file) => {
      const text = read(file);
      return QUERY_BUILDER_CALL.test(text) || importsSqlValue(text);
    });
}

/** Resource options declared with the catch-all AnyOptions type, as `file: count`. */
export function anyOptionsUses(result: ICruiseResult): Map<string, number> {
  const uses = new Map<string, number>();
  for (const file of sourceFiles(result, 'src/server/')) {
    const count = [...read(file).matchAll(ANY_OPTIONS)].length;
    if (count > 0) uses.set(file, count);
  }
  return uses;
}
