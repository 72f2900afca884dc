/** The step every row factory ends with, written once. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../src/db/engine.js';
import type { Database } from '../src/db/schema.js';

/** Inserts one row into `table` and answers it as stored. */
export function insertRow<T extends keyof Database>(
  db: Db,
  table: T,
  values: Insertable<Database[T]>,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot relate a generic table's Insertable to its insert expression; `values` is checked against
  // Insertable<Database[T]> above instead, which is what `.values()` checks for a named table.
  return db
    .insertInto(table)
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Selectable<Database[T]>>;
}
