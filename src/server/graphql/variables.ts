import { Kind, print, type DocumentNode } from 'graphql';
import type { z } from 'zod';

/** The type each variable of the operation is declared with, as written ("ID!", "Int"). */
function declaredTypes(document: DocumentNode): Map<string, string> {
  const types = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) types.set(variable.variable.name.value, print(variable.type));
  }
  return types;
}

/**
 * Why the variables do not fit the query's contract, in graphql-js's words where it has them: the
 * contract takes what graphql-js would coerce, so a client reads the same message from either.
 */
export function variablesError(document: DocumentNode, given: Record<string, unknown>, error: z.ZodError): string {
  const issue = error.issues[0];
  const name = issue?.path[0];
  if (typeof name !== 'string') return issue?.message ?? 'The variables do not fit the query.';
  const type = declaredTypes(document).get(name) ?? 'unknown';
  const value = given[name];
  if (value === undefined) return `Variable "$${name}" of required type "${type}" was not provided.`;
  if (value === null) return `Variable "$${name}" of non-null type "${type}" must not be null.`;
  const where = issue && issue.path.length > 1 ? ` at "${issue.path.slice(1).join('.')}"` : '';
  return `Variable "$${name}" got invalid value${where}; ${issue?.message ?? 'invalid value'}.`;
}
