/**
 * Badges for the demo company (issue #13, docs/recognition.md "Badges"), so the badge pages are alive: four
 * categories, a dozen badges (company badges, the champion badge, one inactive), a year of badges given
 * by HR, leads and colleagues, and contributions and recommendations in every state. Random but repeatable
 * (a fixed seed). The e2e employee holds no badge and has made no request, so the specs start clean. Every
 * row written here, categories, badges and images included, is a demo row (`is_demo`), hidden when the
 * company switches demo data off.
 *
 * The images are made here, never downloaded: a coloured circle with the badge's initials, an SVG rendered
 * to PNG by sharp, stored through the storage driver with a thumbnail once the app (and its storage)
 * exists: `seedDemoBadgeImages`, called after `seedDemoBadges`.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BadgeRequestStatus } from '../../../shared/badges.js';
import { CONTRIBUTION_TYPES } from '../../../shared/badges.js';
import type { Db } from '../db/engine.js';
import type { StorageService } from '../storage/service.js';
import { DEMO_E2E_EMPLOYEE } from './demo-leave.js';
import { random } from './random.js';
import {
  BADGE_CATEGORIES as CATEGORIES,
  BADGE_COMMENTS as COMMENTS,
  BADGE_CONTRIBUTIONS as CONTRIBUTIONS,
  BADGE_REASONS as REASONS,
  DEMO_BADGES,
} from './demo-data.js';

export { DEMO_BADGES };

const DAY = 86_400_000;

const pick = <T>(list: readonly T[], next: () => number): T => list[Math.floor(next() * list.length)]!;

/** The badge's initials: two letters at most (the spec's rule for initials). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && !['of', 'the'].includes(w.toLowerCase()));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A coloured circle with white initials, as PNG. */
export function badgePng(name: string, color: string, size = 256): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 4}" fill="${color}"/>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 18}" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>` +
    `<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="bold" ` +
    `font-size="${size * 0.36}" fill="#ffffff">${initials(name)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Seeds the demo company's categories, badges (without images yet), given badges and requests. */
export async function seedDemoBadges(db: Db, tenantId: number, now: Date): Promise<void> {
  const next = random(20261313);
  const categoryIds = new Map<string, number>();
  for (const [i, name] of CATEGORIES.entries()) {
    const at = new Date(now.getTime() - (40 - i) * DAY).toISOString();
    const row = await db
      .insertInto('badgeCategories')
      .values({ tenantId, name, isActive: 1, isDemo: 1, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(name, row.id);
  }
  const activeIds: number[] = [];
  for (const [i, b] of DEMO_BADGES.entries()) {
    const at = new Date(now.getTime() - (30 - i) * DAY).toISOString();
    const row = await db
      .insertInto('badges')
      .values({
        tenantId,
        categoryId: categoryIds.get(b.category)!,
        name: b.name,
        description: b.description,
        isCompany: b.isCompany ? 1 : 0,
        isChampion: b.isChampion ? 1 : 0,
        isActive: b.isActive === false ? 0 : 1,
        isDemo: 1,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (b.isActive !== false) activeIds.push(row.id);
  }

  const people = await db
    .selectFrom('employees as e')
    .leftJoin('teamMembers as m', 'm.employeeId', 'e.id')
    .select(['e.id', 'e.email', 'm.teamId'])
    .where('e.tenantId', '=', tenantId)
    .where('e.status', '=', 'active')
    .where('e.isDemo', '=', 1)
    .orderBy('e.id')
    .execute();
  const members = people.filter((p) => p.teamId !== null && p.email !== DEMO_E2E_EMPLOYEE).map((p) => p.id);
  if (members.length < 3) return;
  // Only those allowed to give badges give them: HR (assign-badge), as the seeded roles stand.
  const hrRows = await db
    .selectFrom('employeeRoles as er')
    .innerJoin('roles as r', 'r.id', 'er.roleId')
    .innerJoin('employees as e', 'e.id', 'er.employeeId')
    .select('er.employeeId')
    .where('er.tenantId', '=', tenantId)
    .where('r.name', '=', 'HR')
    .where('e.status', '=', 'active')
    .orderBy('er.employeeId')
    .execute();
  const hrIds = hrRows.map((g) => g.employeeId);
  if (hrIds.length === 0) return;
  /** An HR person other than these. */
  const hrBesides = (...ids: number[]) => hrIds.find((id) => !ids.includes(id)) ?? null;

  // A year of badges given: about three a week.
  const given = [];
  for (let n = 0; n < 150; n += 1) {
    const employeeId = pick(members, next);
    const chosen = pick(hrIds, next);
    const givenBy = chosen === employeeId ? hrBesides(employeeId) : chosen;
    if (givenBy === null) continue;
    given.push({
      tenantId,
      badgeId: pick(activeIds, next),
      employeeId,
      givenBy,
      comment: pick(COMMENTS, next),
      source: 'given' as const,
      isDemo: 1 as const,
      createdAt: new Date(now.getTime() - Math.floor(next() * 365 * DAY) - DAY).toISOString(),
    });
  }
  await db.insertInto('givenBadges').values(given).execute();

  // Requests in every state; the decided ones by HR, and approved ones hold their badge.
  const statuses: BadgeRequestStatus[] = ['pending', 'pending', 'under_review', 'approved', 'rejected'];
  // At most one open request per requester, badge and person (migration 0028).
  const open = new Set<string>();
  for (let n = 0; n < 40; n += 1) {
    const status = statuses[n % statuses.length]!;
    const requestedBy = pick(members, next);
    const contribution = next() < 0.5;
    let employeeId = contribution ? requestedBy : pick(members, next);
    if (employeeId === requestedBy && !contribution)
      employeeId = members[(members.indexOf(requestedBy) + 1) % members.length]!;
    const type = contribution ? ('contribution' as const) : ('recommendation' as const);
    const contributionType = contribution ? pick(CONTRIBUTION_TYPES, next) : null;
    const description = contributionType ? CONTRIBUTIONS[contributionType] : pick(REASONS, next);
    const createdAt = new Date(now.getTime() - Math.floor(next() * 90 * DAY) - DAY).toISOString();
    const decided = status === 'approved' || status === 'rejected';
    const decidedBy = decided ? hrBesides(employeeId, requestedBy) : null;
    const decidedAt = decided ? new Date(Date.parse(createdAt) + DAY / 2).toISOString() : null;
    let badgeId = pick(activeIds, next);
    if (status === 'pending' || status === 'under_review') {
      const key = (id: number) => `${requestedBy}:${id}:${employeeId}`;
      // Another of the badges when this one is already asked for (the random draws stay the same).
      for (let k = 1; open.has(key(badgeId)) && k < activeIds.length; k += 1)
        badgeId = activeIds[(activeIds.indexOf(badgeId) + 1) % activeIds.length]!;
      if (open.has(key(badgeId))) continue;
      open.add(key(badgeId));
    }
    const row = await db
      .insertInto('badgeRequests')
      .values({
        tenantId,
        type,
        badgeId,
        employeeId,
        requestedBy,
        contributionType,
        description,
        status,
        decidedBy,
        decidedAt,
        isDemo: 1,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'approved')
      await db
        .insertInto('givenBadges')
        .values({
          tenantId,
          badgeId,
          employeeId,
          givenBy: decidedBy,
          comment: description,
          source: type,
          requestId: row.id,
          isDemo: 1,
          createdAt: decidedAt!,
        })
        .execute();
  }
}

/** Draws and stores an image for each demo badge that has none (once the app's storage exists). */
export async function seedDemoBadgeImages(db: Db, storage: StorageService, now: Date): Promise<number> {
  const badges = await db
    .selectFrom('badges')
    .select(['id', 'name', 'tenantId'])
    .where('imageId', 'is', null)
    .where('isDemo', '=', 1)
    .orderBy('id')
    .execute();
  const colors = new Map(DEMO_BADGES.map((b) => [b.name, b.color]));
  for (const badge of badges) {
    const tenantId = badge.tenantId;
    const png = await badgePng(badge.name, colors.get(badge.name) ?? '#475569');
    const thumb = await sharp(png).resize(128, 128).webp({ quality: 80 }).toBuffer();
    const id = randomUUID();
    const key = `${tenantId}/image/${id}`;
    const thumbnailKey = `${key}-thumb`;
    await storage.driver.put(key, png, 'image/png');
    await storage.driver.put(thumbnailKey, thumb, 'image/webp');
    const image = await db
      .insertInto('badgeImages')
      .values({
        tenantId,
        status: 'ready',
        name: `${badge.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`,
        size: png.length,
        contentType: 'image/png',
        storageKey: key,
        thumbnailKey,
        isDemo: 1,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('badges').set({ imageId: image.id }).where('id', '=', badge.id).execute();
  }
  return badges.length;
}
