import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeFigures, measureStructure } from '../scripts/check-structure.ts';
import { resources } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { persistedQueryContracts } from '../src/server/graphql/persisted-queries.ts';
import { createServer } from '../src/server/server.ts';

/**
 * The seams' figures (issue 22, decisions 0034 and 0036): the import-graph counts of
 * `npm run check`, and how many calls of each protocol the app serves with a contract for what
 * they take and what they answer. Counts, not times; asserts nothing (the contract registry test
 * and the structure check fail `npm test` when a figure goes wrong).
 */
export async function structureBenchmark(): Promise<string[]> {
  const lines = describeFigures(await measureStructure());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-structure-'));
  const server = await createServer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO: 'off' }), undefined, { works: false });
  try {
    await server.app.ready();
    const verbs = resources.flatMap((resource) => Object.values(resource.verbs));
    lines.push(countLine('resource verbs', verbs.length, verbs.filter((call) => call.output !== null).length));
    for (const prefix of ['/v3/', '/v5/', '/_/graphql/']) {
      const routes = server.app.routeCatalogue.filter((route) => route.url.startsWith(prefix) && route.method !== 'HEAD' && route.method !== 'OPTIONS');
      lines.push(countLine(`${prefix} routes`, routes.length, routes.filter(hasContract).length));
    }
    const queries = persistedQueryContracts();
    lines.push(countLine('persisted GraphQL queries', queries.length, queries.length));
    return lines;
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function countLine(calls: string, all: number, withContract: number): string {
  return `${calls}: ${String(all)}, with an input and an answer contract: ${String(withContract)}`;
}

/** A route whose schema declares its answer and some input (the registry test checks each input in detail). */
function hasContract(route: { schema?: unknown }): boolean {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return Boolean(schema['response']) && ['params', 'querystring', 'body', 'consumes'].some((key) => Boolean(schema[key]));
}

if (import.meta.main) process.stdout.write(`${(await structureBenchmark()).join('\n')}\n`);
