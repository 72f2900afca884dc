/**
 * The demo company's project with tasks and task feedback (docs/projects.md "Task feedback"), so the Task
 * feedback pages, the Overview's Task Feedback side and the project's Tasks tab show something: "Web
 * Storefront" (a demo project, hidden when the company switches demo data off) with the Web team and the
 * administrator as members, one sprint, tasks in every status assigned to them through tracker people mapped
 * to their employees, feedback from their colleagues on the finished ones and a request waiting for an answer.
 * The tasks belong to four backlog items; a closed sprint before it holds two more. Not connected to a tracker:
 * its sprints, items and tasks stand for a past sync. Its ratings: demo-project-feedback.ts.
 */
import { storedRating } from '../../../shared/feedback.js';
import type { TrackerTaskStatus } from '../../../shared/projects.js';
import type { Db } from '../db/engine.js';
import { DEMO_ADMIN_EMAIL } from './demo-data.js';

const TASKS: { name: string; status: TrackerTaskStatus; state: string; dev: number | null; kickbacks: number }[] = [
  { name: 'Checkout: remember the last payment method', status: 'done', state: 'Done', dev: 18, kickbacks: 0 },
  { name: 'Product page: lazy-load the gallery', status: 'done', state: 'Done', dev: 9.5, kickbacks: 1 },
  { name: 'Cart: show delivery estimate', status: 'completed', state: 'Released', dev: 22, kickbacks: 0 },
  { name: 'Search: typo-tolerant suggestions', status: 'testing', state: 'In QA', dev: 30, kickbacks: 2 },
  {
    name: 'Account: export order history as CSV',
    status: 'in-progress',
    state: 'In Progress',
    dev: null,
    kickbacks: 0,
  },
  { name: 'Wishlist: share by link', status: 'done', state: 'Done', dev: 12, kickbacks: 0 },
  { name: 'Footer: accessibility fixes', status: 'uat', state: 'UAT', dev: 6, kickbacks: 1 },
  { name: 'Checkout: address autocomplete', status: 'new', state: 'To Do', dev: null, kickbacks: 0 },
];

/** Sprint 14's backlog items, each with the tasks (indexes of TASKS) that make it up. */
const PBIS: { ref: string; name: string; status: TrackerTaskStatus; state: string; tasks: number[] }[] = [
  { ref: 'SHOP-95', name: 'Faster checkout', status: 'in-progress', state: 'In Progress', tasks: [0, 7] },
  { ref: 'SHOP-96', name: 'Product discovery', status: 'testing', state: 'In QA', tasks: [1, 3] },
  { ref: 'SHOP-97', name: 'Customer account and sharing', status: 'in-progress', state: 'In Progress', tasks: [4, 5] },
  { ref: 'SHOP-98', name: 'Delivery estimate and accessibility', status: 'uat', state: 'UAT', tasks: [2, 6] },
];
/** The closed sprint before it: items done, no tasks. */
const PAST_PBIS = [
  { ref: 'SHOP-88', name: 'Order confirmation e-mails' },
  { ref: 'SHOP-89', name: 'Mobile navigation menu' },
];

const COMMENTS = [
  'Clean change, well tested, and the review notes were answered the same day.',
  'Works well; the edge cases in the description saved QA a lot of time.',
  'Good result. Splitting the work into smaller pull requests would have helped the review.',
  null,
];

export async function seedDemoTaskFeedback(db: Db, tenantId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  // The Web team's active members, its product owner first (the project's product owner).
  const web = await db
    .selectFrom('teamMembers as m')
    .innerJoin('teams as t', 't.id', 'm.teamId')
    .innerJoin('employees as e', 'e.id', 'm.employeeId')
    .innerJoin('employeeRoles as er', 'er.employeeId', 'e.id')
    .innerJoin('roles as r', 'r.id', 'er.roleId')
    .select(['e.id', 'e.name', 'e.email', 'r.name as role'])
    .where('m.tenantId', '=', tenantId)
    .where('t.name', '=', 'Web')
    .where('e.status', '=', 'active')
    .orderBy('e.id')
    .execute();
  const admin = await db
    .selectFrom('employees')
    .select(['id', 'name', 'email'])
    .where('tenantId', '=', tenantId)
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  const owner = web.find((p) => p.role === 'Product Owner');
  const others = web.filter((p) => p.id !== owner?.id && p.id !== admin?.id && p.role !== 'Client').slice(0, 4);
  const people = [...(admin ? [admin] : []), ...(owner ? [owner] : []), ...others].map(({ id, name, email }) => ({
    id,
    name,
    email,
  }));
  if (people.length < 3) return;
  const attributes = await db
    .selectFrom('feedbackAttributes as a')
    .innerJoin('feedbackCategories as c', 'c.id', 'a.categoryId')
    .select(['a.id', 'a.categoryId'])
    .where('a.tenantId', '=', tenantId)
    .where('a.isActive', '=', 1)
    .where('c.isActive', '=', 1)
    .orderBy('a.id')
    .limit(3)
    .execute();

  await db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto('projects')
      .values({
        tenantId,
        name: 'Web Storefront',
        url: 'https://northwind.atlassian.net',
        projectKey: 'SHOP',
        type: 'fixed-scope',
        description: 'The customer-facing web shop.',
        isDemo: 1,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const projectId = project.id;
    await trx
      .insertInto('projectMembers')
      .values(
        people.map((p, i) => ({
          tenantId,
          projectId,
          employeeId: p.id,
          role: i === 1 && owner ? 'product-owner' : 'member',
          allocation: i === 1 ? 30 : 80,
        })),
      )
      .execute();
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    const sprint = await trx
      .insertInto('projectSprints')
      .values({
        tenantId,
        projectId,
        trackerRef: 'demo-1',
        name: 'SHOP Sprint 14',
        goal: 'A faster checkout',
        startDate: day(20).slice(0, 10),
        endDate: day(6).slice(0, 10),
        status: 'active',
        qualityResult: 'in-progress',
        syncedAt: stamp,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const past = await trx
      .insertInto('projectSprints')
      .values({
        tenantId,
        projectId,
        trackerRef: 'demo-0',
        name: 'SHOP Sprint 13',
        goal: 'Customers know where their order is',
        startDate: day(34).slice(0, 10),
        endDate: day(21).slice(0, 10),
        status: 'closed',
        qaKickback: 10,
        uatKickback: 5,
        carryOvers: 0,
        qualityResult: 'passed',
        syncedAt: stamp,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pbi = (ref: string, name: string, sprintId: number, status: TrackerTaskStatus, state: string) => ({
      tenantId,
      projectId,
      sprintId,
      trackerRef: ref,
      name,
      type: 'Story',
      status,
      trackerStateName: state,
      url: `https://northwind.atlassian.net/browse/${ref}`,
      completedAt: status === 'done' ? day(22) : null,
      syncedAt: stamp,
      createdAt: stamp,
    });
    await trx
      .insertInto('projectPbis')
      .values(PAST_PBIS.map((b) => pbi(b.ref, b.name, past.id, 'done', 'Done')))
      .execute();
    const pbiOfTask = new Map<number, number>();
    for (const b of PBIS) {
      const row = await trx
        .insertInto('projectPbis')
        .values(pbi(b.ref, b.name, sprint.id, b.status, b.state))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const task of b.tasks) pbiOfTask.set(task, row.id);
    }
    const trackerIds: number[] = [];
    for (const p of people) {
      const row = await trx
        .insertInto('trackerPeople')
        .values({ tenantId, projectId, identity: `email:${p.email}`, name: p.name, email: p.email, employeeId: p.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      trackerIds.push(row.id);
    }
    for (const [i, task] of TASKS.entries()) {
      // The administrator gets every other task, so their own pages show received feedback too.
      const assignee = i % 2 === 0 ? 0 : 1 + (i % (people.length - 1));
      const key = `SHOP-${101 + i}`;
      const started = task.status === 'new' ? null : day(18 - i);
      const finished = ['done', 'completed', 'uat', 'testing'].includes(task.status) ? day(8 - (i % 5)) : null;
      const row = await trx
        .insertInto('projectTasks')
        .values({
          tenantId,
          projectId,
          sprintId: sprint.id,
          pbiId: pbiOfTask.get(i) ?? null,
          trackerRef: key,
          name: task.name,
          type: 'Sub-task',
          status: task.status,
          trackerStateName: task.state,
          url: `https://northwind.atlassian.net/browse/${key}`,
          assigneeId: trackerIds[assignee]!,
          startedAt: started,
          finishedAt: finished,
          devCycleHours: task.dev,
          qaKickbacks: task.kickbacks,
          qaCycleHours: task.status === 'testing' || task.status === 'uat' ? 6 : task.dev === null ? null : 3,
          syncedAt: stamp,
          createdAt: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const receiverId = people[assignee]!.id;
      if (['done', 'completed'].includes(task.status) && attributes.length > 0) {
        // Two colleagues rate each finished task; the newest feedback is left unseen.
        const givers = people.filter((p) => p.id !== receiverId).slice(i % 2, (i % 2) + 2);
        for (const [g, giver] of givers.entries()) {
          const ratings = attributes.map((a, k) => ({
            categoryId: a.categoryId,
            attributeId: a.id,
            rating: 3 + ((i + g + k) % 3),
          }));
          const at = day(5 - g - (i % 3));
          const feedback = await trx
            .insertInto('taskFeedback')
            .values({
              tenantId,
              taskId: row.id,
              giverId: giver.id,
              receiverId,
              comment: COMMENTS[(i + g) % COMMENTS.length] ?? null,
              ...storedRating(ratings),
              seenAt: g === 0 ? at : null,
              createdAt: at,
              updatedAt: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('taskFeedbackRatings')
            .values(ratings.map((r) => ({ tenantId, taskFeedbackId: feedback.id, ...r })))
            .execute();
        }
      }
      if (task.status === 'testing' || task.status === 'uat') {
        const asked = people.find((p) => p.id !== receiverId)!;
        await trx
          .insertInto('taskFeedbackRequests')
          .values({
            tenantId,
            taskId: row.id,
            requesterId: receiverId,
            askedId: asked.id,
            status: 'pending',
            createdAt: day(2),
          })
          .execute();
      }
    }
  });
}
