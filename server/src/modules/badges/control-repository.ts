/**
 * Badge Control of one tenant (docs/recognition.md "Badges"): badge categories, badges, their uploaded
 * images. Names are unique per tenant whatever the case (migration 0023's indexes on lower(name)); the
 * champion flag is held by at most one badge (a partial unique index), moved in one transaction. The demo's
 * categories, badges and images (`is_demo`, migration 0032) are absent, to reads and writes alike, while the
 * company has switched demo data off (`hideDemo`, the last argument of every method). An image dresses one
 * badge (a unique index, migration 0032); a replaced image is deleted only while no badge uses it, and every
 * write that sets an image takes the tenant's row lock, like the daily sweep of unused ones (./images.ts),
 * so the sweep never deletes an image a badge is being given.
 */
import type { ListQuery, ListResponse } from '../../../../shared/contracts/common.js';
import type { BadgeCategory } from '../../../../shared/contracts/badges.js';
import { MESSAGES } from '../../../../shared/messages.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { toNumber, type Db } from '../../db/engine.js';
import { isUniqueViolation, uniqueOr } from '../../db/errors.js';
import { oneOrNotFound, ownedRows, referenceCount } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';
import { AppError, errors } from '../../http/errors.js';
import { paginate } from '../../http/list.js';
import { lockTenantRow } from '../../db/tenant-lock.js';

const categoryExists = () => errors.conflict('body.name', MESSAGES.BADGE_CATEGORY_EXISTS);
const badgeExists = () => errors.conflict('body.name', MESSAGES.BADGE_EXISTS);

/**
 * A badge write that broke a unique index: the one-image index (two saves of one image at once, past the
 * check) answers as the form's unknown image; any other is the name. The champion's cannot break: it moves
 * first.
 */
async function badgeSaved<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = error instanceof Error ? error.message : '';
    throw /badges_image\b|badges\.image_id/.test(message) ? badgeRule('imageId', V.badgeImageUnknown) : badgeExists();
  }
}
/** A broken rule of Badge Control's forms: the spec's failure message, the field named. */
export const badgeRule = (field: string, message: string) =>
  new AppError(400, 'BADGE_FAILED', MESSAGES.BADGE_FAILED, { fields: [{ path: `body.${field}`, message }] });

const flag = (on: boolean) => (on ? (1 as const) : (0 as const));
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** The storage keys a badge's image links are signed from (routes sign them: ./images.ts). */
export type ImageKeys = { storageKey: string; thumbnailKey: string | null; name: string };

export type BadgeRecord = {
  id: number;
  name: string;
  description: string | null;
  category: { id: number; name: string; isActive: boolean };
  image: ImageKeys | null;
  isCompany: boolean;
  isChampion: boolean;
  isActive: boolean;
  heldCount: number;
  updatedAt: string;
};

export type BadgeValues = {
  name: string;
  description?: string | null | undefined;
  categoryId: number;
  imageId: number;
  isCompany: boolean;
  isChampion: boolean;
};
export type BadgeChanges = { [K in keyof BadgeValues]?: BadgeValues[K] | undefined };

function categorySelect(db: Db, tenantId: number, hideDemo: boolean) {
  const select = db
    .selectFrom('badgeCategories as c')
    .select([
      'c.id',
      'c.name',
      'c.isActive',
      'c.updatedAt',
      // The badges the category shows: the demo's are left out with the rest of the demo.
      referenceCount('badges', 'categoryId', 'c.id', { hideDemo }).as('badgeCount'),
    ])
    .where('c.tenantId', '=', tenantId);
  return hideDemo ? select.where('c.isDemo', '=', 0) : select;
}

/** The tenant's badges with their category and image: what every read of badges starts from. */
export function badgesWithCategory(db: Db, tenantId: number) {
  return db
    .selectFrom('badges as b')
    .innerJoin('badgeCategories as c', 'c.id', 'b.categoryId')
    .leftJoin('badgeImages as i', 'i.id', 'b.imageId')
    .where('b.tenantId', '=', tenantId);
}

/** What a badge is shown with wherever it is given or asked for (recognition-repository.ts `brief`). */
export const BADGE_BRIEF_COLUMNS = [
  'b.id',
  'b.name',
  'b.description',
  'b.isCompany',
  'b.isChampion',
  'b.isActive',
  'c.isActive as categoryIsActive',
  'c.name as categoryName',
  'i.storageKey',
  'i.thumbnailKey',
  'i.name as imageName',
] as const;

/** A badge as Badge Control lists it: its brief, its category's id, and how many hold it. */
export function badgeSelect(db: Db, tenantId: number, hideDemo: boolean) {
  const select = badgesWithCategory(db, tenantId).select([
    ...BADGE_BRIEF_COLUMNS,
    'b.updatedAt',
    'c.id as categoryId',
    referenceCount('givenBadges', 'badgeId', 'b.id').as('heldCount'),
  ]);
  return hideDemo ? select.where('b.isDemo', '=', 0) : select;
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categorySelect>['executeTakeFirstOrThrow']>>;
export type BadgeRow = Awaited<ReturnType<ReturnType<typeof badgeSelect>['executeTakeFirstOrThrow']>>;

const categoryView = (r: CategoryRow): BadgeCategory => ({
  id: r.id,
  name: r.name,
  isActive: r.isActive === 1,
  badgeCount: toNumber(r.badgeCount),
  updatedAt: r.updatedAt,
});

export const imageKeysOf = (r: {
  storageKey: string | null;
  thumbnailKey: string | null;
  imageName: string | null;
}): ImageKeys | null =>
  r.storageKey ? { storageKey: r.storageKey, thumbnailKey: r.thumbnailKey, name: r.imageName ?? 'badge' } : null;

export const badgeRecord = (r: BadgeRow): BadgeRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: { id: r.categoryId, name: r.categoryName, isActive: r.categoryIsActive === 1 },
  image: imageKeysOf(r),
  isCompany: r.isCompany === 1,
  isChampion: r.isChampion === 1,
  isActive: r.isActive === 1,
  heldCount: toNumber(r.heldCount),
  updatedAt: r.updatedAt,
});

export function badgeControlRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  const stamp = () => now().toISOString();
  const rows = ownedRows(scope);

  const getCategory = async (id: number, hideDemo: boolean): Promise<BadgeCategory> =>
    categoryView(
      await oneOrNotFound(categorySelect(db, tenantId, hideDemo).where('c.id', '=', id), 'badgeCategoryNotFound'),
    );
  const getBadge = async (id: number, hideDemo: boolean): Promise<BadgeRecord> =>
    badgeRecord(await oneOrNotFound(badgeSelect(db, tenantId, hideDemo).where('b.id', '=', id), 'badgeNotFound'));

  /** A category a badge may be put in: the tenant's, active, and not a hidden demo one. */
  async function usableCategory(categoryId: number, hideDemo: boolean): Promise<void> {
    const row = await rows.find('badgeCategories', categoryId);
    if (!row || row.isActive !== 1 || (hideDemo && row.isDemo === 1))
      throw badgeRule('categoryId', V.badgeCategoryUnknown);
  }

  /** A confirmed image of the tenant, not a hidden demo one, not used by another badge. */
  async function usableImage(imageId: number, badgeId: number | null, hideDemo: boolean): Promise<void> {
    const row = await db
      .selectFrom('badgeImages as i')
      .select([
        'i.status',
        'i.isDemo',
        (eb) => eb.selectFrom('badges as b').select('b.id').whereRef('b.imageId', '=', 'i.id').limit(1).as('usedBy'),
      ])
      .where('i.tenantId', '=', tenantId)
      .where('i.id', '=', imageId)
      .executeTakeFirst();
    if (
      !row ||
      row.status !== 'ready' ||
      (hideDemo && row.isDemo === 1) ||
      (row.usedBy !== null && row.usedBy !== badgeId)
    )
      throw badgeRule('imageId', V.badgeImageUnknown);
  }

  /** Deletes an image row no badge uses (none, since the index; checked anyway): its keys, or null if kept. */
  async function removeUnusedImage(imageId: number): Promise<ImageKeys | null> {
    const row = await db
      .deleteFrom('badgeImages')
      .where('tenantId', '=', tenantId)
      .where('id', '=', imageId)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('badges as b').select('b.id').whereRef('b.imageId', '=', 'badgeImages.id'))),
      )
      .returning(['storageKey', 'thumbnailKey', 'name'])
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Makes `badgeId` the champion badge, taking the flag from any other (in the caller's transaction). Two
   * moves at once wait for each other on the tenant's row: the second then sees, and clears, the first's
   * flag instead of breaking the one-champion index.
   */
  async function takeChampion(badgeId: number): Promise<void> {
    await lockTenantRow(db, tenantId);
    await db
      .updateTable('badges')
      .set({ isChampion: 0, updatedAt: stamp() })
      .where('tenantId', '=', tenantId)
      .where('isChampion', '=', 1)
      .where('id', '!=', badgeId)
      .execute();
  }

  return {
    getCategory,
    getBadge,

    async listCategories(
      query: ListQuery<'updatedAt' | 'name' | 'badgeCount' | 'id'> & { status?: 'active' | 'inactive' | undefined },
      hideDemo: boolean,
    ): Promise<ListResponse<BadgeCategory>> {
      let base = categorySelect(db, tenantId, hideDemo);
      if (query.status) base = base.where('c.isActive', '=', flag(query.status === 'active'));
      const page = await paginate(base, query, {
        orderBy: {
          updatedAt: { ref: 'c.updatedAt' },
          name: { ref: 'c.name', text: true },
          badgeCount: { ref: 'badgeCount' },
          id: { ref: 'c.id' },
        },
        search: ['c.name'],
        tieBreaker: 'c.id',
      });
      return { items: page.items.map(categoryView), total: page.total };
    },

    async createCategory(name: string): Promise<BadgeCategory> {
      const id = await uniqueOr(rows.create('badgeCategories', { name, isActive: 1 }), categoryExists);
      return getCategory(id, false);
    },

    async updateCategory(
      id: number,
      changes: { name?: string | undefined },
      hideDemo: boolean,
    ): Promise<BadgeCategory> {
      await getCategory(id, hideDemo);
      const values = { ...(changes.name === undefined ? {} : { name: changes.name }), updatedAt: stamp() };
      await uniqueOr(rows.update('badgeCategories', id, values), categoryExists);
      return getCategory(id, hideDemo);
    },

    async setCategoryStatus(id: number, isActive: boolean, hideDemo: boolean): Promise<BadgeCategory> {
      await getCategory(id, hideDemo);
      await rows.setActive('badgeCategories', id, isActive);
      return getCategory(id, hideDemo);
    },

    async listBadges(
      query: ListQuery<'updatedAt' | 'name' | 'category' | 'id'> & {
        status?: 'active' | 'inactive' | undefined;
        categoryId?: number | undefined;
        company?: 'true' | 'false' | undefined;
      },
      hideDemo: boolean,
    ): Promise<ListResponse<BadgeRecord>> {
      let base = badgeSelect(db, tenantId, hideDemo);
      if (query.status) base = base.where('b.isActive', '=', flag(query.status === 'active'));
      if (query.categoryId !== undefined) base = base.where('b.categoryId', '=', query.categoryId);
      if (query.company) base = base.where('b.isCompany', '=', flag(query.company === 'true'));
      const page = await paginate(base, query, {
        orderBy: {
          updatedAt: { ref: 'b.updatedAt' },
          name: { ref: 'b.name', text: true },
          category: { ref: 'c.name', text: true },
          id: { ref: 'b.id' },
        },
        search: ['b.name', 'b.description'],
        tieBreaker: 'b.id',
      });
      return { items: page.items.map(badgeRecord), total: page.total };
    },

    /** Run in a transaction (the champion flag moves with the insert; the image is held by the lock). */
    async createBadge(values: BadgeValues, hideDemo: boolean): Promise<number> {
      // The lock before any read: on SQLite a transaction that read first and then writes fails (SQLITE_BUSY)
      // when another process wrote meanwhile, instead of waiting its turn.
      await lockTenantRow(db, tenantId);
      await usableCategory(values.categoryId, hideDemo);
      await usableImage(values.imageId, null, hideDemo);
      const created = rows.create('badges', {
        categoryId: values.categoryId,
        imageId: values.imageId,
        name: values.name,
        description: textOrNull(values.description),
        isCompany: flag(values.isCompany),
        isChampion: 0,
        isActive: 1,
      });
      const id = await badgeSaved(created);
      if (values.isChampion) {
        await takeChampion(id);
        await rows.update('badges', id, { isChampion: 1 });
      }
      return id;
    },

    /**
     * Run in a transaction. Answers the storage keys of the image the change replaced, its row deleted here,
     * for the caller to delete once the transaction committed (so a rolled-back change keeps its file).
     */
    async updateBadge(id: number, changes: BadgeChanges, hideDemo: boolean): Promise<ImageKeys | null> {
      // Everything read under the lock (taken first, as in createBadge), so two replacements of one badge's
      // image at once each see the other's result.
      if (changes.imageId !== undefined || changes.isChampion === true) await lockTenantRow(db, tenantId);
      const current = await getBadge(id, hideDemo);
      if (changes.categoryId !== undefined && changes.categoryId !== current.category.id)
        await usableCategory(changes.categoryId, hideDemo);
      const old = await db
        .selectFrom('badges as b')
        .innerJoin('badgeImages as i', 'i.id', 'b.imageId')
        .select(['i.id', 'i.storageKey', 'i.thumbnailKey', 'i.name'])
        .where('b.id', '=', id)
        .executeTakeFirst();
      const replacesImage = changes.imageId !== undefined && changes.imageId !== old?.id;
      if (replacesImage) await usableImage(changes.imageId!, id, hideDemo);
      if (changes.isChampion === true) await takeChampion(id);
      const values = {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.description === undefined ? {} : { description: textOrNull(changes.description) }),
        ...(changes.categoryId === undefined ? {} : { categoryId: changes.categoryId }),
        ...(changes.imageId === undefined ? {} : { imageId: changes.imageId }),
        ...(changes.isCompany === undefined ? {} : { isCompany: flag(changes.isCompany) }),
        ...(changes.isChampion === undefined ? {} : { isChampion: flag(changes.isChampion) }),
        updatedAt: stamp(),
      };
      await badgeSaved(rows.update('badges', id, values));
      return replacesImage && old ? removeUnusedImage(old.id) : null;
    },

    async setBadgeStatus(id: number, isActive: boolean, hideDemo: boolean): Promise<void> {
      await getBadge(id, hideDemo);
      if (!(await rows.setActive('badges', id, isActive))) throw errors.notFound('badgeNotFound');
    },
  };
}
