/**
 * The queries a piece of code runs, caught through a Kysely plugin, and the engine's plan of each: for the
 * tests that check an index serves a repository's queries, and those that count what a cache still reads.
 */
import { CompiledQuery, createQueryId, sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Deps } from '../src/deps.js';
import { ENGINE } from './harness.js';

type Db = Deps['db'];

/**
 * A plugin for `db.withPlugin(...)` that keeps each executed query's node, in order. Subqueries pass
 * transformQuery too: only the nodes whose result came back are kept, the queries that ran.
 */
export function captureQueries(): { plugin: KyselyPlugin; captured: RootOperationNode[] } {
  const built = new Map<QueryId, RootOperationNode>();
  const captured: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => (built.set(queryId, node), node),
    transformResult: async ({ result, queryId }) => (captured.push(built.get(queryId)!), result),
  };
  return { plugin, captured };
}

/** The SQL of a captured query, as this engine writes it. */
export const sqlOf = (db: Db, node: RootOperationNode) => db.getExecutor().compileQuery(node, createQueryId()).sql;

/**
 * Explains each captured query that `keep` accepts, in one transaction, and answers its SQL with the plan's
 * text. On a test's few rows PostgreSQL would rather scan, so sequential scans are off for the transaction:
 * what the plans show is that an index can serve the query (tools/bench measures the speed).
 */
export function explainAll(
  db: Db,
  nodes: RootOperationNode[],
  keep: (sql: string) => boolean = () => true,
): Promise<{ sql: string; plan: string }[]> {
  return db.transaction().execute(async (trx) => {
    if (ENGINE === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
    const explain = ENGINE === 'postgres' ? 'explain ' : 'explain query plan ';
    const plans: { sql: string; plan: string }[] = [];
    for (const node of nodes) {
      const query = trx.getExecutor().compileQuery(node, createQueryId());
      if (!keep(query.sql)) continue;
      const plan = await trx.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(explain + query.sql, [...query.parameters]),
      );
      plans.push({ sql: query.sql, plan: plan.rows.map((r) => Object.values(r).join(' ')).join('\n') });
    }
    return plans;
  });
}
