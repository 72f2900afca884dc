/** The database probe of the health check: the one query it sends, outside any tenant. */
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export async function probeDatabase(deps: Deps): Promise<void> {
  await sql`select 1`.execute(deps.db);
}
