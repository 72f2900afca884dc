/**
 * The Microsoft Planner demo plan the stand-in serves by default (tools/tracker-sim/planner.ts): "Partner
 * Onboarding" with the buckets To do, In progress, Review and Done, tasks around the e2e clock (2030-06-12):
 * one completed, one in review, one in progress, one unassigned and not started. Planner keeps no history,
 * so only each task's current bucket (its history's last state) and its completion time show. Assignees are
 * directory users with the demo employees' e-mails; the one account signs in with the bearer token
 * `planner-demo-token`.
 */
import type { SimData, SimItem } from './model.js';

const omar = '0f1c2d3e-4b5a-4c6d-8e7f-000000000001';
const ayesha = '0f1c2d3e-4b5a-4c6d-8e7f-000000000002';
const grace = '0f1c2d3e-4b5a-4c6d-8e7f-000000000003';

/** An instant on a June 2030 day, UTC: at('06-03', '09:30'). */
const at = (day: string, time: string) => `2030-${day}T${time}:00.000Z`;

/** A task made in bucket `first` at `created`, then moved through `moves` ([day, time, bucket]). */
function task(
  fields: Omit<SimItem, 'history' | 'createdAt' | 'type' | 'sprintId'>,
  [day, time, first]: [string, string, string],
  moves: [string, string, string][],
): SimItem {
  const createdAt = at(day, time);
  return {
    ...fields,
    type: 'Task',
    sprintId: 1,
    createdAt,
    history: [{ at: createdAt, state: first }, ...moves.map(([d, t, bucket]) => ({ at: at(d, t), state: bucket }))],
  };
}

export function plannerDemoData(): SimData {
  return {
    people: [
      { id: omar, name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
      { id: ayesha, name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
      // A user without a mailbox: Graph answers mail null.
      { id: grace, name: 'Grace Castillo', email: null },
    ],
    // Planner signs in with a Microsoft Entra access token alone.
    accounts: [{ user: '', token: 'planner-demo-token' }],
    projects: [
      {
        key: 'Nw7pR2kqLUe5s0Xz-9AaC2QAHrTb',
        name: 'Partner Onboarding',
        sprints: [{ id: 1, name: 'Partner Onboarding', state: 'active' }],
        items: [
          task(
            { id: 1, title: 'Draft the partner agreement', assignee: omar },
            ['06-03', '09:00', 'To do'],
            [
              ['06-04', '09:00', 'In progress'],
              ['06-07', '15:00', 'Done'],
            ],
          ),
          task(
            { id: 2, title: 'Set up the partner portal accounts', assignee: ayesha },
            ['06-05', '10:00', 'To do'],
            [
              ['06-10', '09:00', 'In progress'],
              ['06-11', '10:00', 'Review'],
            ],
          ),
          task(
            { id: 3, title: 'Order the welcome packs', assignee: grace },
            ['06-06', '11:00', 'To do'],
            [['06-11', '09:00', 'In progress']],
          ),
          task({ id: 4, title: 'Plan the kick-off meeting' }, ['06-09', '09:00', 'To do'], []),
        ],
      },
    ],
  };
}
