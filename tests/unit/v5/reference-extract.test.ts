import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkExtract, EXTRACT_FILE, PROSE_KEYWORDS, REFERENCE_FILE } from '../../../scripts/extract-v5-reference.ts';
import { REFERENCE_EXTRACT_FILE } from '../../support/openapi.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string;
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  discriminator?: { propertyName: string };
};
type Extract = {
  generated_by: string;
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; security?: Record<string, string[]>[]; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }
    >
  >;
  components: { schemas: Record<string, Schema>; parameters: Record<string, { name: string; in: string; schema: Schema }> };
};

const text = fs.readFileSync(REFERENCE_EXTRACT_FILE, 'utf8');
const extract = JSON.parse(text) as Extract;

/** Where a prose keyword is a key, except as a property's name (Pin has a `title` and a `description`). */
function proseKeys(node: Json, at: string, underProperties = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => proseKeys(item, `${at}[${index}]`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(!underProperties && (PROSE_KEYWORDS.includes(key) || key.startsWith('x-')) ? [`${at}/${key}`] : []),
    ...proseKeys(value, `${at}/${key}`, key === 'properties'),
  ]);
}

describe('the in-repository extract of the v5 reference', () => {
  it('is the file the script writes, and says so', () => {
    expect(REFERENCE_EXTRACT_FILE).toBe(EXTRACT_FILE);
    expect(extract.generated_by).toBe('scripts/extract-v5-reference.ts');
  });

  it('holds no prose: no description, summary, title, example, external docs or x- extension', () => {
    // The walk itself: a property named title is allowed, a description keyword inside it is not.
    expect(proseKeys({ properties: { title: { type: 'string', description: 'A title' } }, 'x-sandbox': 'enabled' }, '')).toEqual([
      '/properties/title/description',
      '/x-sandbox',
    ]);
    expect(proseKeys(JSON.parse(text) as Json, '')).toEqual([]);
    expect(text).not.toMatch(/developers\.pinterest\.com|help\.pinterest\.com/);
  });

  it('keeps the facts the tests validate with', () => {
    const getPin = extract.paths['/pins/{pin_id}']?.['get'];
    expect(getPin?.operationId).toBe('pins/get');
    expect(getPin?.responses['200']?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Pin');
    expect(Object.keys(extract.paths['/boards/{board_id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(extract.paths['/boards/{board_id}']?.['delete']?.responses['204']).toEqual({});

    const { schemas } = extract.components;
    // Property names that are prose keywords elsewhere survive as names.
    expect(Object.keys(schemas['Pin']?.properties ?? {})).toEqual(expect.arrayContaining(['id', 'board_id', 'title', 'description', 'media']));
    expect(schemas['Pin']?.properties?.['id']?.type).toBe('string');
    expect(schemas['BoardPrivacy']).toEqual({ enum: ['PUBLIC', 'PROTECTED', 'SECRET'], type: 'string' });
    expect(schemas['PinMedia']?.discriminator?.propertyName).toBe('media_type');
    expect(schemas['Pinterest.Lib.Error']?.required).toEqual(['code', 'message']);
    expect(extract.components.parameters['Pinterest.Lib.BookmarkParams.page_size']?.schema).toEqual({ default: 25, maximum: 250, minimum: 1, type: 'integer' });
    // Scope names are kept (their sentences are not): the public API's tokens carry them.
    expect(getPin?.security).toEqual([{ pinterest_oauth2: ['boards:read', 'pins:read'] }, { client_credentials: ['boards:read', 'pins:read'] }]);
  });

  it.skipIf(!fs.existsSync(REFERENCE_FILE))('matches what the reference beside the repository gives today', async () => {
    expect(await checkExtract()).toEqual({ status: 'current' });
  });
});
