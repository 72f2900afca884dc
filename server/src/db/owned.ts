/**
 * One tenant's rows of a table, by id: the lookups, existence checks, switches, edits and deletes that every
 * repository writes alike, with the tenant filter written once. A table qualifies when its rows have an
 * integer `id` and a `tenant_id`; another tenant's id reads as missing and is never changed.
 */
import {
  sql,
  type Generated,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { Db } from './engine.js';
import type { Database } from './schema.js';
import { errors } from '../http/errors.js';

/** What a missing row is called in the 404 (the validation catalogue's `…NotFound` keys). */
type NotFoundKey = Parameters<typeof errors.notFound>[0];

/** The tables whose rows belong to one tenant and are known by an integer id. */
export type OwnedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; tenantId: number } ? T : never;
}[keyof Database];

type OwnedWith<Columns> = { [T in OwnedTable]: Database[T] extends Columns ? T : never }[OwnedTable];

/** Owned tables with a name: what pickers, boards and breadcrumbs name. */
export type NamedTable = OwnedWith<{ name: string }>;
/** Named tables whose demo rows are hidden while the company has switched demo data off. */
export type DemoNamedTable = OwnedWith<{ name: string; isDemo: unknown }>;
/** Tables whose rows are stamped when made and when changed. */
export type StampedTable = OwnedWith<{ createdAt: string; updatedAt: string }>;
/** Tables of what an administrator switches on and off (catalogues, badges, devices). */
export type SwitchedTable = OwnedWith<{ isActive: unknown; updatedAt: string }>;

export type Named = { id: number; name: string };

/**
 * Any owned table seen as one (like security/api-keys.ts): Kysely sends the real table name; each method's
 * signature keeps the caller to the columns the table really has.
 */
type Row = {
  id: Generated<number>;
  tenantId: number;
  name: string;
  isDemo: number;
  isActive: number;
  createdAt: string;
  updatedAt: string;
};
type RowsView = Kysely<{ rows: Row }>;
const asRows = (table: OwnedTable) => table as unknown as 'rows';

/** The database, the tenant and the clock: a TenantScope (http/context.ts) or a service's own. */
export type Bound = { readonly db: Db; readonly tenantId: number; readonly now: () => Date };

/** Reads and deletes need no clock; a switch stamps its change with the scope's. */
export function ownedRows({ db, tenantId, now }: Omit<Bound, 'now'> & Partial<Pick<Bound, 'now'>>) {
  const view = db as unknown as RowsView;
  const clock = () => {
    if (!now) throw new Error('A switch is stamped with the scope’s clock: give ownedRows one.');
    return now();
  };
  const select = (table: OwnedTable) => view.selectFrom(asRows(table)).where('tenantId', '=', tenantId);
  const byId = (table: OwnedTable, id: number) => select(table).where('id', '=', id);

  /** The row with every column, or undefined when the tenant has none with this id. */
  async function find<T extends OwnedTable>(table: T, id: number): Promise<Selectable<Database[T]> | undefined> {
    const row: unknown = await byId(table, id).selectAll().executeTakeFirst();
    return row as Selectable<Database[T]> | undefined;
  }

  /** Which of `ids` the tenant has: references to another tenant's rows are refused with this. */
  async function knownIds(table: OwnedTable, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await select(table)
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Its id and name, or undefined; a demo row too when `hideDemo`. */
  function named(table: NamedTable, id: number): Promise<Named | undefined>;
  function named(table: DemoNamedTable, id: number, hideDemo: boolean): Promise<Named | undefined>;
  function named(table: NamedTable, id: number, hideDemo = false): Promise<Named | undefined> {
    const query = byId(table, id).select(['id', 'name']);
    return (hideDemo ? query.where('isDemo', '=', 0) : query).executeTakeFirst();
  }

  return {
    find,

    /** The row with every column; 404 naming `missing` when the tenant has none with this id. */
    get: <T extends OwnedTable>(table: T, id: number, missing: NotFoundKey): Promise<Selectable<Database[T]>> =>
      oneOrNotFound({ executeTakeFirst: () => find(table, id) }, missing),

    named,

    async exists(table: OwnedTable, id: number): Promise<boolean> {
      return (await byId(table, id).select('id').executeTakeFirst()) !== undefined;
    },

    knownIds,

    /** Which of `ids` the tenant has no row for, in the order given. */
    async missingIds(table: OwnedTable, ids: readonly number[]): Promise<number[]> {
      const known = await knownIds(table, ids);
      return ids.filter((id) => !known.has(id));
    },

    async count(table: OwnedTable): Promise<number> {
      const row = await select(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A new row of the tenant, stamped now; answers its id. */
    async create<T extends StampedTable>(
      table: T,
      values: Omit<Insertable<Database[T]>, 'tenantId' | 'createdAt' | 'updatedAt'>,
    ): Promise<number> {
      const at = clock().toISOString();
      const given: unknown = values;
      const row = await view
        .insertInto(asRows(table))
        .values({ ...(given as Insertable<Row>), tenantId, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Changes the row; false when the tenant has none with this id. A row's tenant and id are never changes:
     * the type leaves them out, so no caller can move a row to another tenant through here.
     */
    async update<T extends OwnedTable>(
      table: T,
      id: number,
      changes: Omit<Updateable<Database[T]>, 'tenantId' | 'id'>,
    ): Promise<boolean> {
      // A value typed wider than a literal could still carry them: refused, not passed on.
      if ('tenantId' in changes || 'id' in changes) throw new Error('An update never changes a row’s tenant or id');
      const values: unknown = changes;
      const result = await view
        .updateTable(asRows(table))
        .set(values as Updateable<Row>)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Switches the row on or off, stamped; false when the tenant has none with this id. */
    async setActive(table: SwitchedTable, id: number, isActive: boolean): Promise<boolean> {
      const result = await view
        .updateTable(asRows(table))
        .set({ isActive: isActive ? 1 : 0, updatedAt: clock().toISOString() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the row; false when the tenant has none with this id. */
    async remove(table: OwnedTable, id: number): Promise<boolean> {
      const result = await view
        .deleteFrom(asRows(table))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** The first row a query answers (narrowed to one id); 404 naming `missing` when it answers none. */
export async function oneOrNotFound<T>(query: { executeTakeFirst(): Promise<T | undefined> }, missing: NotFoundKey) {
  const row = await query.executeTakeFirst();
  if (row === undefined) throw errors.notFound(missing);
  return row;
}

/**
 * How many rows of `table` point at the outer query's row (their `column` equals `parent`): a list's
 * member, badge or attribute count, as a column of the list's query.
 */
export function referenceCount<T extends keyof Database>(
  table: T,
  column: keyof Database[T] & string,
  parent: string,
  /** Leave out the demo's rows (the table's `is_demo`), while the company has switched demo data off. */
  { hideDemo = false }: { hideDemo?: boolean } = {},
): RawBuilder<number> {
  const demo = hideDemo ? sql` and ${sql.ref(`${table}.isDemo`)} = 0` : sql``;
  return sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref(parent)}${demo})`;
}
