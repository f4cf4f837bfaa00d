import { sql, type RawBuilder } from 'kysely';

/**
 * `column + delta`, never below 0 (the spec's floor for every counter). Written as CASE so the
 * same SQL runs on SQLite and PostgreSQL, and as one statement so concurrent changes add up.
 */
export function floorAdd(column: string, delta: number): RawBuilder<number> {
  const ref = sql.ref(column);
  return sql<number>`case when ${ref} + ${delta} < 0 then 0 else ${ref} + ${delta} end`;
}

/**
 * The SET part of a counter update from {column: delta}, leaving out zero deltas. `table` qualifies
 * the columns read, which an upsert's update needs on PostgreSQL (the inserted row shares the names).
 */
export function counterChanges<K extends string>(deltas: Partial<Record<K, number>>, table?: string): Partial<Record<K, RawBuilder<number>>> {
  const out: Partial<Record<K, RawBuilder<number>>> = {};
  for (const key of Object.keys(deltas) as K[]) {
    const delta = deltas[key];
    if (delta) out[key] = floorAdd(table ? `${table}.${key}` : key, delta);
  }
  return out;
}
