/** A yes/no column as a 0/1 integer: the one boolean both SQLite and PostgreSQL store alike (docs/decisions/0003-portable-schema.md). */
export type Flag = 0 | 1;
