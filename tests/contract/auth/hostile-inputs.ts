/**
 * Generated hostile requests: a seeded PRNG mutates a valid example into wrong types, huge
 * strings, odd unicode, missing fields, arrays, nulls and broken encodings. The same seed gives
 * the same cases, so a failure can be replayed.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Random = {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)] as (typeof items)[number], chance: (p) => next() < p };
}

export function seedOf(text: string, base: number): number {
  let hash = base >>> 0;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '[object Object]',
  '💥🙂👩‍👩‍👧',
  '\u202eevil\u202c',
  'zero\u200bwidth',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  'مرحبا بالعالم',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff%zz',
  '1e309',
  '-0',
  '9007199254740993',
  'NaN',
  '0x1F',
  '1990-02-30',
  '3000-01-01',
  'a@b',
  'A'.repeat(300),
  '__proto__',
  'constructor',
];

/** A string that stays under the body limit as a whole request. */
function hugeString(random: Random, bodyLimit: number): string {
  const length = random.pick([1025, 4097, 65_537, 300_000, bodyLimit - 4096, bodyLimit + 10]);
  return random.pick(['a', 'é', '🙂', '%', '&=']).repeat(Math.ceil(length / 2));
}

export function hostileValue(random: Random, bodyLimit: number, depth = 0): unknown {
  switch (random.int(depth > 1 ? 8 : 11)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE]);
    case 2:
      return random.chance(0.5);
    case 3:
      return random.chance(0.15) ? hugeString(random, bodyLimit) : random.pick(ODD_STRINGS);
    case 4:
    case 5:
      return random.pick(ODD_STRINGS);
    case 6:
      return String.fromCodePoint(...Array.from({ length: 1 + random.int(40) }, () => random.int(0x10ffff + 1)).filter((c) => c < 0xd800 || c > 0xdfff));
    case 7:
      return random.pick(['x', 'correct horse battery', 'someone@example.com', '123456']);
    case 8:
      return Array.from({ length: random.int(4) }, () => hostileValue(random, bodyLimit, depth + 1));
    case 9:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, (_, i) => [random.pick(['a', '__proto__', 'options', `k${i}`]), hostileValue(random, bodyLimit, depth + 1)]),
      );
    default:
      return { toString: 'x', length: -1 };
  }
}

/**
 * The valid example with one to three fields replaced, dropped, doubled or spiked with odd
 * characters, plus stray fields. Half the cases touch one field only, so that the others stay
 * valid and the hostile one travels as deep as the code lets it.
 */
export function mutate(random: Random, example: Record<string, unknown>, bodyLimit: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...example };
  const keys = Object.keys(example);
  const count = random.chance(0.5) ? 1 : 1 + random.int(3);
  for (let i = 0; i < count; i += 1) {
    const key = random.pick(keys);
    const action = random.int(5);
    const valid = example[key];
    if (action === 0) Reflect.deleteProperty(out, key);
    else if (action === 1) out[key] = [valid, hostileValue(random, bodyLimit)];
    else if (action === 2)
      out[key] = `${typeof valid === 'string' ? valid : JSON.stringify(valid)}${random.pick(ODD_STRINGS)}${random.pick(['', '\u0000', '\n', '\u007f'])}`;
    else out[key] = hostileValue(random, bodyLimit);
  }
  if (random.chance(0.2)) out[random.pick(['extra', 'constructor', 'is_employee', 'id'])] = hostileValue(random, bodyLimit);
  return out;
}

export type EncodedBody = { payload?: string | Buffer; contentType?: string };

function formValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(formValue);
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [typeof value === 'string' ? value : JSON.stringify(value)];
}

/** Encodes fields the way the client does (form) or the ways an attacker might. */
export function encodeBody(random: Random, fields: Record<string, unknown>, bodyLimit: number): EncodedBody {
  const kind = random.int(10);
  if (kind <= 4) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of formValue(value)) form.append(key, v);
    return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  if (kind <= 6) return { payload: JSON.stringify(random.chance(0.8) ? fields : hostileValue(random, bodyLimit)), contentType: 'application/json' };
  if (kind === 7) return {};
  if (kind === 8) {
    return {
      payload: random.pick(['{"email":', '%%%&&==', '\u0000\u0001', '<xml/>', 'a'.repeat(bodyLimit + 1), '[]', 'null']),
      contentType: random.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml']),
    };
  }
  return {
    payload: Buffer.from(Array.from({ length: random.int(200) }, () => random.int(256))),
    contentType: random.pick(['multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-16']),
  };
}

/** A call of a resource with options mutated from `example` (and now and then no JSON at all). */
export function hostileResourceCall(
  name: string,
  verb: string,
  example: Record<string, unknown>,
  random: Random,
  bodyLimit: number,
): InjectOptions & { url: string } {
  const options = mutate(random, example, bodyLimit);
  const data = random.chance(0.8) ? JSON.stringify({ options, context: {} }) : hostileValue(random, bodyLimit);
  if (verb === 'get') {
    const text = (typeof data === 'string' ? data : JSON.stringify(data)).toWellFormed();
    return { method: 'GET', url: `/resource/${name}/get/?data=${encodeURIComponent(text)}` };
  }
  const body = encodeBody(random, { data }, bodyLimit);
  return {
    method: 'POST',
    url: `/resource/${name}/${verb}/`,
    ...(body.payload === undefined ? {} : { payload: body.payload }),
    headers: body.contentType ? { 'content-type': body.contentType } : {},
  };
}

/** The resource protocol's failure envelope. */
export function expectResourceFailure(response: LightMyRequestResponse, where: string): void {
  expect(response.json(), where).toMatchObject({
    resource_response: { status: 'failure', data: null, error: { code: expect.any(Number) as unknown, message: expect.any(String) as unknown } },
  });
}
