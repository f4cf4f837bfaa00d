import { cleanLine } from './text.ts';

/**
 * Reading values out of hostile schema.org JSON-LD: every value is checked for its type and texts
 * are bounded; a value of the wrong shape reads as absent.
 */

export type Node = Record<string, unknown>;

/** `@id` → node, for items that refer to another item of the page instead of nesting it. */
export type NodeIndex = ReadonlyMap<string, Node>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value itself, or the first of a list. */
export function first(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/** A node, or the first node of a list; a bare `{"@id": ...}` reference resolves through `index`. */
export function nodeOf(value: unknown, index: NodeIndex): Node | null {
  const node = Array.isArray(value) ? (value as unknown[]).find(isNode) : value;
  return isNode(node) ? resolve(node, index) : null;
}

export function resolve(node: Node, index: NodeIndex): Node {
  const id = node['@id'];
  if (typeof id !== 'string' || Object.keys(node).length > 1) return node;
  return index.get(id) ?? node;
}

/** `@type` names lower-cased and without a vocabulary prefix (schema:Product, https://schema.org/Product). */
export function typesOf(node: Node): Set<string> {
  const raw = node['@type'];
  const names = Array.isArray(raw) ? raw : [raw];
  return new Set(names.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/:#]/, '').toLowerCase()));
}

export function hasType(node: Node, type: string): boolean {
  return typesOf(node).has(type);
}

/** A text value: a string or number, or the first of a list of them. */
export function text(value: unknown, max = 300): string | null {
  const one = first(value);
  if (typeof one === 'number' && Number.isFinite(one)) return String(one);
  if (typeof one !== 'string') return null;
  return cleanLine(one, max) || null;
}

/** A name given as text or as a node with a name (Brand, Organization, SizeSpecification). */
export function nameOf(value: unknown, max = 300): string | null {
  const one = first(value);
  return isNode(one) ? text(one['name'], max) : text(one, max);
}

/** A schema.org enumeration member (https://schema.org/InStock, schema:InStock, InStock) by its bare name. */
export function enumName(value: unknown): string | null {
  const one = first(value);
  const raw = text(isNode(one) ? one['@id'] : one, 200);
  return raw ? raw.replace(/^.*[/:#]/, '') || null : null;
}
