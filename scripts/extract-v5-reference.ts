import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

/**
 * Writes the facts of Pinterest's v5 API reference (an OpenAPI 3.0 document kept beside the
 * repository, MIT) into the repository, so that the tests checking the public API against it
 * need nothing outside the clone. Only what validation reads is kept: paths, methods,
 * parameters, bodies, status codes, security scopes and the component schemas those reach.
 * The reference's prose (descriptions, summaries, titles, examples, documentation extensions)
 * stays out, except the facts of its example error answers: per operation, each example's status,
 * code and message (`errors`), which the public API answers with (docs/decisions/0011).
 * `--check` compares the committed extract with a fresh one instead of writing.
 */

export const REFERENCE_FILE = path.resolve(import.meta.dirname, '../../shared/reference/pinterest-api-v5.json');
export const EXTRACT_FILE = path.resolve(import.meta.dirname, '../tests/support/v5-reference.extract.json');
const GENERATED_BY = 'scripts/extract-v5-reference.ts';

type Json = null | boolean | number | string | Json[] | JsonObject;
type JsonObject = { [key: string]: Json };

/** Keywords whose value is prose, dropped wherever they are keywords (never as property names). */
export const PROSE_KEYWORDS: readonly string[] = ['description', 'summary', 'title', 'example', 'examples', 'externalDocs'];
const PROSE = new Set(PROSE_KEYWORDS);

/** Keywords mapping names (paths, status codes, media types, property names…) to objects: every name is kept. */
const NAME_MAPS = new Set([
  'callbacks',
  'content',
  'definitions',
  'encoding',
  'headers',
  'links',
  'mapping',
  'parameters',
  'paths',
  'patternProperties',
  'properties',
  'requestBodies',
  'responses',
  'schemas',
  'securitySchemes',
  'variables',
]);

/** Keywords whose value is data (enum members, defaults, required names, scope lists, tag names), copied as it is. */
const DATA = new Set(['const', 'default', 'enum', 'required', 'security', 'tags']);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stripped(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripped);
  return isObject(value) ? keywords(value) : value;
}

function keywords(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(node).sort()) {
    const value = node[key];
    if (value === undefined || PROSE.has(key) || key.startsWith('x-')) continue;
    if (DATA.has(key)) out[key] = value;
    // OAuth scopes map each name to a sentence: the names are the facts.
    else if (key === 'scopes' && isObject(value))
      out[key] = Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((scope) => [scope, '']),
      );
    else if (NAME_MAPS.has(key) && isObject(value)) out[key] = names(value);
    else out[key] = stripped(value);
  }
  return out;
}

function names(node: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.keys(node)
      .sort()
      .map((name) => [name, stripped(node[name] ?? null)]),
  );
}

/** The `#/components/<kind>/<name>` references found anywhere in `value`, as [kind, name]. */
function refsIn(value: Json): [string, string][] {
  return [...JSON.stringify(value).matchAll(/"#\/components\/([^/"]+)\/([^"]+)"/g)].map(([, kind = '', name = '']) => [kind, name]);
}

/** The components `roots` reach, directly or through other components, by kind and name. */
function reached(components: JsonObject, roots: Json): JsonObject {
  const found = new Map<string, Set<string>>();
  const pending = refsIn(roots);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [kind, name] = next;
    const kept = found.get(kind) ?? new Set<string>();
    if (kept.has(name)) continue;
    const group = components[kind];
    const component = isObject(group) ? group[name] : undefined;
    if (component === undefined) throw new Error(`The reference has no component ${kind}/${name}`);
    found.set(kind, kept.add(name));
    pending.push(...refsIn(component));
  }
  return Object.fromEntries(
    [...found]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([kind, kept]) => {
        const group = components[kind];
        return [kind, Object.fromEntries([...kept].sort().map((name) => [name, (isObject(group) ? group[name] : undefined) ?? null]))];
      }),
  );
}

/** Scheme names the operations' `security` requirements use. */
function usedSchemes(paths: JsonObject, schemes: JsonObject): JsonObject {
  const operations = Object.values(paths).flatMap((item) => (isObject(item) ? Object.values(item).filter(isObject) : []));
  const requirements = operations.flatMap((operation) => (Array.isArray(operation['security']) ? operation['security'].filter(isObject) : []));
  const used = new Set(requirements.flatMap((requirement) => Object.keys(requirement)));
  return Object.fromEntries([...used].sort().map((name) => [name, schemes[name] ?? null]));
}

type ErrorExample = { status: string; code: number; message: string };

/** An example body that is an Error: a numeric code and a message. */
function errorBody(value: Json | undefined): { code: number; message: string } | null {
  if (!isObject(value)) return null;
  const { code, message } = value;
  return typeof code === 'number' && typeof message === 'string' ? { code, message } : null;
}

/** The error examples of one operation's answers (not its 2xx ones), by status then in the reference's order. */
function errorExamplesOf(operation: JsonObject): ErrorExample[] {
  const responses = isObject(operation['responses']) ? operation['responses'] : {};
  return Object.keys(responses)
    .filter((status) => !status.startsWith('2'))
    .sort()
    .flatMap((status) => {
      const response = responses[status];
      const content = isObject(response) && isObject(response['content']) ? response['content']['application/json'] : undefined;
      if (!isObject(content)) return [];
      const named = isObject(content['examples']) ? Object.values(content['examples']).map((e) => (isObject(e) ? e['value'] : undefined)) : [];
      return [content['example'], ...named].flatMap((value) => {
        const body = errorBody(value);
        return body ? [{ status, ...body }] : [];
      });
    });
}

/** Every operation's error examples, by path and method; operations without one are left out. */
function errorExamples(paths: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path];
    if (!isObject(item)) continue;
    const methods: JsonObject = {};
    for (const method of Object.keys(item).sort()) {
      const operation = item[method];
      const examples = isObject(operation) ? errorExamplesOf(operation) : [];
      if (examples.length > 0) methods[method] = examples;
    }
    if (Object.keys(methods).length > 0) out[path] = methods;
  }
  return out;
}

/** The extract of `reference` (a parsed OpenAPI 3.0 document), with its header. */
export function extractReference(reference: JsonObject): JsonObject {
  const info = isObject(reference['info']) ? reference['info'] : {};
  const license = isObject(info['license']) ? info['license']['name'] : null;
  const referencePaths = isObject(reference['paths']) ? reference['paths'] : {};
  const paths = names(referencePaths);
  const components = keywords(isObject(reference['components']) ? reference['components'] : {});
  const schemes = isObject(components['securitySchemes']) ? usedSchemes(paths, components['securitySchemes']) : {};
  const kept: JsonObject = { ...reached(components, paths), securitySchemes: schemes };
  return {
    generated_by: GENERATED_BY,
    source: { file: path.basename(REFERENCE_FILE), version: info['version'] ?? null, license: license ?? null },
    openapi: reference['openapi'] ?? null,
    paths,
    components: Object.fromEntries(
      Object.keys(kept)
        .sort()
        .map((kind) => [kind, kept[kind] ?? null]),
    ),
    errors: errorExamples(referencePaths),
  };
}

/** The extract's text as committed: formatted by the project's Prettier settings. */
export async function extractText(referenceText: string): Promise<string> {
  const extract = extractReference(JSON.parse(referenceText) as JsonObject);
  const options = (await resolveConfig(EXTRACT_FILE)) ?? {};
  // Compact input lets Prettier keep each object that fits on one line there, which halves the file.
  return format(JSON.stringify(extract), { ...options, filepath: EXTRACT_FILE });
}

export type CheckResult = { status: 'no-reference' } | { status: 'current' } | { status: 'stale'; line: number };

/** Whether the committed extract is what the reference beside the repository gives today. */
export async function checkExtract(): Promise<CheckResult> {
  if (!fs.existsSync(REFERENCE_FILE)) return { status: 'no-reference' };
  const fresh = (await extractText(fs.readFileSync(REFERENCE_FILE, 'utf8'))).split('\n');
  const committed = fs.existsSync(EXTRACT_FILE) ? fs.readFileSync(EXTRACT_FILE, 'utf8').split('\n') : [];
  const length = Math.max(fresh.length, committed.length);
  for (let line = 0; line < length; line += 1) if (fresh[line] !== committed[line]) return { status: 'stale', line: line + 1 };
  return { status: 'current' };
}

async function main(args: readonly string[]): Promise<number> {
  const relativeExtract = path.relative(process.cwd(), EXTRACT_FILE);
  if (args.includes('--check')) {
    const result = await checkExtract();
    if (result.status === 'no-reference') {
      process.stdout.write(`${REFERENCE_FILE} is absent: nothing to compare ${relativeExtract} with.\n`);
      return 0;
    }
    if (result.status === 'stale') {
      console.error(`${relativeExtract} differs from the reference from line ${result.line}: run npm run v5:extract and commit the result.`);
      return 1;
    }
    process.stdout.write(`${relativeExtract} matches ${REFERENCE_FILE}.\n`);
    return 0;
  }
  if (!fs.existsSync(REFERENCE_FILE)) {
    console.error(`${REFERENCE_FILE} is absent: the extract is made from it.`);
    return 1;
  }
  const text = await extractText(fs.readFileSync(REFERENCE_FILE, 'utf8'));
  fs.writeFileSync(EXTRACT_FILE, text);
  process.stdout.write(`Wrote ${relativeExtract} (${Math.round(Buffer.byteLength(text) / 1024)} KB).\n`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
