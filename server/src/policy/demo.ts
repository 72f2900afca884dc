/**
 * In a request, the demo data switch (Settings › Demo data) as route files read it: whether the company has
 * switched demo data off, and a 404 for a demo person's id meanwhile. The rule itself is server/src/db/demo.ts.
 */
import type { TenantBound } from '../http/context.js';
import { demoAmong, requireShownPerson, type NotFoundKey } from '../db/demo.js';

/** Whether a request's company has switched demo data off. */
export async function demoHidden(ctx: Pick<TenantBound, 'settings'>): Promise<boolean> {
  return (await ctx.settings()).isDemoDataDisabled;
}

const people = (scope: Parameters<typeof requireShownPerson>[0]) => ({
  require: (id: number, hide: boolean, notFound?: NotFoundKey) => requireShownPerson(scope, id, hide, notFound),
  among: (ids: readonly number[]) => demoAmong(scope, ids),
});

/**
 * In a request: 404 for a demo person's id while its company has switched demo data off (`notFound` names
 * what is not found when the id came through another row, e.g. a leave request).
 */
export async function requireShown(ctx: TenantBound, employeeId: number, notFound?: NotFoundKey): Promise<void> {
  await ctx.repo(people).require(employeeId, await demoHidden(ctx), notFound);
}

/** The ids among `ids` hidden from the request's company: its demo people while demo data is off, else none. */
export async function hiddenAmong(ctx: TenantBound, ids: readonly number[]): Promise<Set<number>> {
  return (await demoHidden(ctx)) ? ctx.repo(people).among(ids) : new Set();
}
