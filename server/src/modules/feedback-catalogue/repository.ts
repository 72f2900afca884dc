/**
 * Feedback categories and attributes of one tenant (docs/feedback.md, "Categories and attributes"). Bound
 * to the tenant by the request context (`ctx.repo(feedbackCatalogueRepository)`). Names are unique per
 * tenant whatever the case (migration 0018's index on lower(name)); synonyms are stored as a JSON array.
 */
import { sql } from 'kysely';
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type {
  CatalogueStatus,
  FeedbackAttribute,
  FeedbackCatalogueCounts,
  FeedbackCategory,
} from '../../../../shared/contracts/feedback-catalogue.js';
import { normalizeColor, normalizeSynonyms } from '../../../../shared/feedback-catalogue.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { toNumber, type Db } from '../../db/engine.js';
import { uniqueOr } from '../../db/errors.js';
import { oneOrNotFound, ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { AppError, errors } from '../../http/errors.js';
import { paginate, type ListOptions, type SortSpec } from '../../http/list.js';

const categoryExists = () => errors.conflict('body.name', MESSAGES.FEEDBACK_CATEGORY_EXISTS);
const attributeExists = () => errors.conflict('body.name', MESSAGES.FEEDBACK_ATTRIBUTE_EXISTS);
const categoryRule = (code: 'FEEDBACK_CATEGORY_UNKNOWN' | 'FEEDBACK_CATEGORY_INACTIVE') =>
  new AppError(400, code, MESSAGES[code], { fields: [{ path: 'body.categoryId', message: MESSAGES[code] }] });

export type CategoryValues = {
  name: string;
  synonyms: string[];
  description?: string | null | undefined;
  color: string;
};
export type CategoryChanges = { [K in keyof CategoryValues]?: CategoryValues[K] | undefined };
export type AttributeValues = {
  name: string;
  synonyms: string[];
  description?: string | null | undefined;
  categoryId: number;
};
export type AttributeChanges = { [K in keyof AttributeValues]?: AttributeValues[K] | undefined };

const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

function parseSynonyms(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Stored form of optional text: blank is no text. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

type Shared = { name: string; synonyms: string[]; description?: string | null | undefined };

/** The columns categories and attributes share, as stored: synonyms a JSON array of distinct ones. */
const storedValues = (values: Shared) => ({
  name: values.name,
  synonyms: JSON.stringify(normalizeSynonyms(values.synonyms)),
  description: textOrNull(values.description),
});

/** The shared columns an edit names, as stored; the others stay. */
const storedChanges = (changes: { [K in keyof Shared]?: Shared[K] | undefined }) => ({
  ...(changes.name === undefined ? {} : { name: changes.name }),
  ...(changes.synonyms === undefined ? {} : { synonyms: JSON.stringify(normalizeSynonyms(changes.synonyms)) }),
  ...(changes.description === undefined ? {} : { description: textOrNull(changes.description) }),
});

/** How a list of categories (`c`) or attributes (`a`) is searched and made total: the same for both. */
const listOptions = <K extends string>(table: 'c' | 'a', orderBy: Record<K, SortSpec>): ListOptions<K> => ({
  orderBy,
  search: [`${table}.name`, `${table}.synonyms`, `${table}.description`],
  tieBreaker: `${table}.id`,
});

function categorySelect(db: Db, tenantId: number) {
  return db
    .selectFrom('feedbackCategories as c')
    .select([
      'c.id',
      'c.name',
      'c.synonyms',
      'c.description',
      'c.color',
      'c.isActive',
      'c.updatedAt',
      referenceCount('feedbackAttributes', 'categoryId', 'c.id').as('attributeCount'),
    ])
    .where('c.tenantId', '=', tenantId);
}

function attributeSelect(db: Db, tenantId: number) {
  return db
    .selectFrom('feedbackAttributes as a')
    .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
    .select([
      'a.id',
      'a.name',
      'a.synonyms',
      'a.description',
      'a.isActive',
      'a.updatedAt',
      'c.id as categoryId',
      'c.name as categoryName',
      'c.color as categoryColor',
      'c.isActive as categoryIsActive',
    ])
    .where('a.tenantId', '=', tenantId);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categorySelect>['executeTakeFirstOrThrow']>>;
type AttributeRow = Awaited<ReturnType<ReturnType<typeof attributeSelect>['executeTakeFirstOrThrow']>>;

const categoryView = (r: CategoryRow): FeedbackCategory => ({
  id: r.id,
  name: r.name,
  synonyms: parseSynonyms(r.synonyms),
  description: r.description,
  color: r.color,
  isActive: r.isActive === 1,
  attributeCount: toNumber(r.attributeCount),
  updatedAt: r.updatedAt,
});

const attributeView = (r: AttributeRow): FeedbackAttribute => ({
  id: r.id,
  name: r.name,
  synonyms: parseSynonyms(r.synonyms),
  description: r.description,
  isActive: r.isActive === 1,
  category: { id: r.categoryId, name: r.categoryName, color: r.categoryColor, isActive: r.categoryIsActive === 1 },
  updatedAt: r.updatedAt,
});

/** What may be rated now: the active categories, and the active attributes of active categories; by name. */
export async function activeCatalogue(db: Db, tenantId: number) {
  const [categories, attributes] = await Promise.all([
    db
      .selectFrom('feedbackCategories')
      .select(['id', 'name', 'description', 'color'])
      .where('tenantId', '=', tenantId)
      .where('isActive', '=', 1)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('feedbackAttributes as a')
      .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
      .select(['a.id', 'a.name', 'a.description', 'a.categoryId', 'c.name as categoryName'])
      .where('a.tenantId', '=', tenantId)
      .where('a.isActive', '=', 1)
      .where('c.isActive', '=', 1)
      .orderBy('a.name')
      .execute(),
  ]);
  return { categories, attributes };
}

export function feedbackCatalogueRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();
  const rows = ownedRows(scope);
  /** A new category's or attribute's shared columns: active. */
  const fresh = (values: Shared) => ({ ...storedValues(values), isActive: 1 as const });
  /** An edit's shared columns, stamped. */
  const changed = (changes: Partial<Shared>) => ({ ...storedChanges(changes), updatedAt: stamp() });

  const getCategory = async (id: number): Promise<FeedbackCategory> =>
    categoryView(await oneOrNotFound(categorySelect(db, tenantId).where('c.id', '=', id), 'feedbackCategoryNotFound'));
  const getAttribute = async (id: number): Promise<FeedbackAttribute> =>
    attributeView(
      await oneOrNotFound(attributeSelect(db, tenantId).where('a.id', '=', id), 'feedbackAttributeNotFound'),
    );

  /** A category an attribute may be put in: the tenant's, and active. */
  async function usableCategory(categoryId: number): Promise<void> {
    const row = await rows.find('feedbackCategories', categoryId);
    if (!row) throw categoryRule('FEEDBACK_CATEGORY_UNKNOWN');
    if (row.isActive !== 1) throw categoryRule('FEEDBACK_CATEGORY_INACTIVE');
  }

  return {
    getCategory,
    getAttribute,

    async counts(): Promise<FeedbackCatalogueCounts> {
      const categories = await db
        .selectFrom('feedbackCategories')
        .select([
          sql<number | string>`count(*)`.as('total'),
          sql<number | string>`coalesce(sum(is_active), 0)`.as('active'),
        ])
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
      const attributes = await db
        .selectFrom('feedbackAttributes as a')
        .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
        .select([
          sql<number | string>`count(*)`.as('total'),
          sql<number | string>`coalesce(sum(a.is_active * c.is_active), 0)`.as('active'),
        ])
        .where('a.tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
      return {
        categories: { active: toNumber(categories.active), total: toNumber(categories.total) },
        attributes: { active: toNumber(attributes.active), total: toNumber(attributes.total) },
      };
    },

    async listCategories(
      query: ListQuery<'name' | 'attributeCount' | 'updatedAt' | 'id'> & { status?: CatalogueStatus | undefined },
    ): Promise<ListResponse<FeedbackCategory>> {
      let base = categorySelect(db, tenantId);
      if (query.status) base = base.where('c.isActive', '=', flag(query.status === 'active'));
      const page = await paginate(
        base,
        query,
        listOptions('c', {
          name: { ref: 'c.name', text: true },
          attributeCount: { ref: 'attributeCount' },
          updatedAt: { ref: 'c.updatedAt' },
          id: { ref: 'c.id' },
        }),
      );
      return { items: page.items.map(categoryView), total: page.total };
    },

    async createCategory(values: CategoryValues): Promise<FeedbackCategory> {
      const created = rows.create('feedbackCategories', { ...fresh(values), color: normalizeColor(values.color) });
      return getCategory(await uniqueOr(created, categoryExists));
    },

    async updateCategory(id: number, changes: CategoryChanges): Promise<FeedbackCategory> {
      await getCategory(id);
      const color = changes.color === undefined ? {} : { color: normalizeColor(changes.color) };
      await uniqueOr(rows.update('feedbackCategories', id, { ...changed(changes), ...color }), categoryExists);
      return getCategory(id);
    },

    /** The attributes keep their own switch: they are not offered while the category is inactive. */
    async setCategoryStatus(id: number, isActive: boolean): Promise<FeedbackCategory> {
      await rows.setActive('feedbackCategories', id, isActive);
      return getCategory(id);
    },

    async listAttributes(
      query: ListQuery<'id' | 'name' | 'category' | 'updatedAt'> & {
        status?: CatalogueStatus | undefined;
        categoryId?: number | undefined;
      },
    ): Promise<ListResponse<FeedbackAttribute>> {
      let base = attributeSelect(db, tenantId);
      if (query.status) base = base.where('a.isActive', '=', flag(query.status === 'active'));
      if (query.categoryId !== undefined) base = base.where('a.categoryId', '=', query.categoryId);
      const page = await paginate(
        base,
        query,
        listOptions('a', {
          id: { ref: 'a.id' },
          name: { ref: 'a.name', text: true },
          category: { ref: 'c.name', text: true },
          updatedAt: { ref: 'a.updatedAt' },
        }),
      );
      return { items: page.items.map(attributeView), total: page.total };
    },

    async createAttribute(values: AttributeValues): Promise<FeedbackAttribute> {
      await usableCategory(values.categoryId);
      const created = rows.create('feedbackAttributes', { ...fresh(values), categoryId: values.categoryId });
      return getAttribute(await uniqueOr(created, attributeExists));
    },

    /** Moving to another category needs an active one; staying in an inactive category is allowed. */
    async updateAttribute(id: number, changes: AttributeChanges): Promise<FeedbackAttribute> {
      const current = await getAttribute(id);
      if (changes.categoryId !== undefined && changes.categoryId !== current.category.id)
        await usableCategory(changes.categoryId);
      const category = changes.categoryId === undefined ? {} : { categoryId: changes.categoryId };
      await uniqueOr(rows.update('feedbackAttributes', id, { ...changed(changes), ...category }), attributeExists);
      return getAttribute(id);
    },

    async setAttributeStatus(id: number, isActive: boolean): Promise<FeedbackAttribute> {
      await rows.setActive('feedbackAttributes', id, isActive);
      return getAttribute(id);
    },
  };
}
