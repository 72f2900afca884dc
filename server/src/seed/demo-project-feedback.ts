/**
 * The demo project's ratings (docs/projects.md "Project and sprint feedback"), so the Web Storefront's Feedback
 * tab draws its graph and a backlog item's page is not empty: its product owner's and two clients' ratings of
 * both sprints and of one item (SHOP-95), with comments. The clients join the project as members (allocation
 * 0), as the rules ask of anyone a link goes to, and each client rating comes with the used link that brought
 * it (only a hash of a token nobody holds is stored). Nothing here has its own demo flag: it all belongs to the
 * demo project (`projects.is_demo`), so it is hidden with it when the company switches demo data off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CLIENT_LINK_DAYS, CLIENT_ROLE_NAME } from '../../../shared/project-feedback.js';
import type { Db } from '../db/engine.js';

type Rating = {
  sprint: string;
  pbi: string | null;
  /** 0: the product owner; 1 and 2: the clients. */
  giver: 0 | 1 | 2;
  ratings: [number, number, number];
  comment: string | null;
  daysAgo: number;
};

const RATINGS: Rating[] = [
  {
    sprint: 'demo-0',
    pbi: null,
    giver: 0,
    ratings: [4, 4, 3],
    comment: 'Order e-mails landed on time; the mobile menu needed a second pass after UAT.',
    daysAgo: 20,
  },
  {
    sprint: 'demo-0',
    pbi: null,
    giver: 1,
    ratings: [4, 5, 4],
    comment: 'Our customers stopped calling to ask where their parcel is. Good sprint.',
    daysAgo: 18,
  },
  {
    sprint: 'demo-0',
    pbi: null,
    giver: 2,
    ratings: [3, 4, 3],
    comment: null,
    daysAgo: 17,
  },
  {
    sprint: 'demo-1',
    pbi: null,
    giver: 0,
    ratings: [5, 4, 4],
    comment: 'Checkout is visibly faster; search still needs its QA round.',
    daysAgo: 4,
  },
  {
    sprint: 'demo-1',
    pbi: null,
    giver: 1,
    ratings: [4, 4, 5],
    comment: 'The demo of the new checkout convinced our sales team.',
    daysAgo: 3,
  },
  {
    sprint: 'demo-1',
    pbi: 'SHOP-95',
    giver: 0,
    ratings: [5, 5, 4],
    comment: 'Remembering the payment method is exactly what we asked for.',
    daysAgo: 4,
  },
  {
    sprint: 'demo-1',
    pbi: 'SHOP-95',
    giver: 1,
    ratings: [4, 5, 4],
    comment: 'Fewer abandoned carts already. Address autocomplete next, please.',
    daysAgo: 2,
  },
];

export async function seedDemoProjectFeedback(db: Db, tenantId: number, now: Date): Promise<void> {
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDemo', '=', 1)
    .where('name', '=', 'Web Storefront')
    .executeTakeFirst();
  if (!project) return;
  const projectId = project.id;
  const owner = await db
    .selectFrom('projectMembers')
    .select('employeeId')
    .where('projectId', '=', projectId)
    .where('role', '=', 'product-owner')
    .executeTakeFirst();
  const clients = await db
    .selectFrom('employees as e')
    .innerJoin('employeeRoles as er', 'er.employeeId', 'e.id')
    .innerJoin('roles as r', 'r.id', 'er.roleId')
    .select('e.id')
    .where('e.tenantId', '=', tenantId)
    .where('e.status', '=', 'active')
    .where('r.name', '=', CLIENT_ROLE_NAME)
    .orderBy('e.id')
    .limit(2)
    .execute();
  if (!owner || clients.length < 2) return;
  const givers = [owner.employeeId, clients[0]!.id, clients[1]!.id];
  const sprints = new Map(
    (
      await db.selectFrom('projectSprints').select(['id', 'trackerRef']).where('projectId', '=', projectId).execute()
    ).map((s) => [s.trackerRef, s.id]),
  );
  const pbis = new Map(
    (await db.selectFrom('projectPbis').select(['id', 'trackerRef']).where('projectId', '=', projectId).execute()).map(
      (b) => [b.trackerRef, b.id],
    ),
  );
  const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('projectMembers')
      .values(clients.map((c) => ({ tenantId, projectId, employeeId: c.id, role: 'member' as const, allocation: 0 })))
      .execute();
    for (const r of RATINGS) {
      const sprintId = sprints.get(r.sprint);
      const pbiId = r.pbi === null ? null : (pbis.get(r.pbi) ?? null);
      if (sprintId === undefined || (r.pbi !== null && pbiId === null)) continue;
      const at = day(r.daysAgo);
      let linkId: number | null = null;
      if (r.giver > 0) {
        // The link the product owner sent a day before, spent by this rating.
        const sent = day(r.daysAgo + 1);
        const link = await trx
          .insertInto('clientFeedbackLinks')
          .values({
            tenantId,
            projectId,
            sprintId,
            pbiId,
            clientId: givers[r.giver]!,
            tokenHash: createHash('sha256').update(randomBytes(32)).digest('base64url'),
            expiresAt: new Date(new Date(sent).getTime() + CLIENT_LINK_DAYS * 86_400_000).toISOString(),
            usedAt: at,
            revokedAt: null,
            createdBy: owner.employeeId,
            createdAt: sent,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        linkId = link.id;
      }
      const [overall, quality, valueForMoney] = r.ratings;
      await trx
        .insertInto('projectFeedback')
        .values({
          tenantId,
          projectId,
          sprintId,
          pbiId,
          source: r.giver === 0 ? 'user' : 'client',
          giverId: givers[r.giver]!,
          linkId,
          overall,
          quality,
          valueForMoney,
          comment: r.comment,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
  });
}
