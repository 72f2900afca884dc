/**
 * Row factories of badges and recognition (migration 0023, docs/recognition.md "Badges"), part of
 * `factories()`:
 *
 *   const cat = await f.badgeCategory({ name: 'Values' });
 *   const star = await f.badge({ categoryId: cat.id, name: 'Star' });
 *   await f.givenBadge({ badgeId: star.id, employeeId: ann.id, givenBy: bob.id });
 *   await f.badgeRequest({ badgeId: star.id, employeeId: ann.id, requestedBy: ann.id });
 *
 * A badge made here has an image row (a ready upload with made-up keys) unless `imageId` is given.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/engine.js';
import type { Overrides, Row } from './factories.js';
import { insertRow } from './insert-row.js';

export function badgeFactories(db: Db, tenantId: number, stamp: () => string, next: () => number) {
  const f = {
    async badgeCategory(overrides: Overrides<'badgeCategories'> = {}): Promise<Row<'badgeCategories'>> {
      return insertRow(db, 'badgeCategories', {
        tenantId,
        name: `Badge category ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },

    async badgeImage(overrides: Overrides<'badgeImages'> = {}): Promise<Row<'badgeImages'>> {
      const uuid = randomUUID();
      return insertRow(db, 'badgeImages', {
        tenantId,
        status: 'ready',
        name: 'badge.png',
        size: 100,
        contentType: 'image/png',
        storageKey: `${tenantId}/image/${uuid}`,
        thumbnailKey: `${tenantId}/image/${uuid}-thumb`,
        createdAt: stamp(),
        ...overrides,
      });
    },

    async badge(overrides: Overrides<'badges', 'categoryId'>): Promise<Row<'badges'>> {
      const imageId = overrides.imageId === undefined ? (await f.badgeImage()).id : overrides.imageId;
      return insertRow(db, 'badges', {
        tenantId,
        name: `Badge ${next()}`,
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
        imageId,
      });
    },

    async givenBadge(overrides: Overrides<'givenBadges', 'badgeId' | 'employeeId'>): Promise<Row<'givenBadges'>> {
      return insertRow(db, 'givenBadges', {
        tenantId,
        comment: 'Well done',
        source: 'given',
        createdAt: stamp(),
        ...overrides,
      });
    },

    async badgeRequest(
      overrides: Overrides<'badgeRequests', 'badgeId' | 'employeeId' | 'requestedBy'>,
    ): Promise<Row<'badgeRequests'>> {
      return insertRow(db, 'badgeRequests', {
        tenantId,
        type: overrides.employeeId === overrides.requestedBy ? 'contribution' : 'recommendation',
        contributionType: overrides.employeeId === overrides.requestedBy ? 'mentoring' : null,
        description: 'For the onboarding guide',
        createdAt: stamp(),
        updatedAt: stamp(),
        ...overrides,
      });
    },
  };
  return f;
}
