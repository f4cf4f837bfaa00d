import fs from 'node:fs';
import path from 'node:path';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Checks answers of the public API against the reference (Pinterest's pinterest-api-v5.json,
 * OpenAPI 3.0, through its in-repository extract made by scripts/extract-v5-reference.ts): the
 * response schema of the operation for the answered status (or its `default`), with every $ref
 * resolved inside the reference. OpenAPI 3.0 schemas are not quite JSON Schema (`nullable`,
 * `discriminator`), so each is converted first.
 */

export const REFERENCE_EXTRACT_FILE = path.resolve(import.meta.dirname, 'v5-reference.extract.json');

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type Reference = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

const reference = JSON.parse(fs.readFileSync(REFERENCE_EXTRACT_FILE, 'utf8')) as Reference;

const SCHEMA_REF = '#/components/schemas/';
const DOCUMENT_ID = 'pinterest-api-v5';

/** References between component schemas, rewritten to point into the one document Ajv holds. */
function rewriteRefs(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll(`"$ref":"${SCHEMA_REF}`, `"$ref":"${DOCUMENT_ID}#/definitions/`)) as Json;
}

function converted(schema: Json): Json {
  const json = fromSchema(rewriteRefs(schema), { cloneSchema: true }) as Json;
  delete json['$schema'];
  return json;
}

/** The component schemas `schema` refers to, directly or through others. */
function referencedSchemas(schema: Json, found = new Set<string>()): Set<string> {
  for (const [, name] of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
    if (name === undefined || found.has(name)) continue;
    const component = reference.components.schemas[name];
    if (!component) throw new Error(`The reference has no schema ${name}`);
    found.add(name);
    referencedSchemas(component, found);
  }
  return found;
}

// Only the components the public API's operations reach are compiled: a few elsewhere in the
// reference use draft-04 forms (a boolean exclusiveMinimum) that a draft-07 validator refuses.
const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
const loaded = new Set<string>();
const compiled = new Map<string, ValidateFunction>();

function loadComponents(names: Iterable<string>): void {
  const fresh = [...names].filter((name) => !loaded.has(name));
  if (fresh.length === 0) return;
  for (const name of fresh) loaded.add(name);
  // Ajv resolves references when a schema is compiled, so the document grows before each compile
  // that needs more of it; validators compiled earlier keep what they resolved.
  ajv.removeSchema(DOCUMENT_ID);
  const definitions = Object.fromEntries([...loaded].map((name) => [name, converted(reference.components.schemas[name] ?? {})]));
  ajv.addSchema({ $id: DOCUMENT_ID, definitions });
}

/** The reference's schema for an answer of `method path` with `status`; null when it has no body. */
function responseSchema(method: string, pathTemplate: string, status: number): Json | null {
  const operation = reference.paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`The reference has no operation ${method} ${pathTemplate}`);
  const response = operation.responses[String(status)] ?? operation.responses['default'];
  if (!response) throw new Error(`${method} ${pathTemplate} has no response ${status} in the reference`);
  return response.content?.['application/json']?.schema ?? null;
}

function validatorFor(method: string, pathTemplate: string, status: number, schema: Json): ValidateFunction {
  loadComponents(referencedSchemas(schema));
  const key = `${method} ${pathTemplate} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(converted(schema));
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * The answer's body is what the reference describes for this operation and status: a JSON body
 * valid against its schema, or no body where the reference has none (204).
 */
export function expectReferenceShape(method: string, pathTemplate: string, response: LightMyRequestResponse): void {
  const schema = responseSchema(method, pathTemplate, response.statusCode);
  if (schema === null) {
    expect(response.body, `${method} ${pathTemplate} ${response.statusCode} has no body in the reference`).toBe('');
    return;
  }
  expect(response.headers['content-type'], response.body).toMatch(/^application\/json/);
  const validate = validatorFor(method, pathTemplate, response.statusCode, schema);
  const body: unknown = response.json();
  const valid = validate(body);
  expect(valid, `${method} ${pathTemplate} ${response.statusCode}: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 2000)}`).toBe(true);
}
