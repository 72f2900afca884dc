/**
 * The Microsoft Planner demo plan the stand-in serves by default (tools/tracker-sim/planner.ts): "Partner
 * Onboarding" with the buckets To do, In progress, Review and Done, tasks around the e2e clock (2030-06-12):
 * one completed, one in review, one in progress, one unassigned and not started. Planner keeps no history,
 * so only each task's current bucket (its history's last state) and its completion time show. Assignees are
 * directory users with the demo employees' e-mails; the one account signs in with the bearer token
 * `planner-demo-token`.
 */
import { demoPeople, itemThrough, steps, type DemoStep, type SimData, type SimItem, type SimPerson } from './model.js';

const [omar, ayesha, grace] = demoPeople([
  '0f1c2d3e-4b5a-4c6d-8e7f-000000000001',
  '0f1c2d3e-4b5a-4c6d-8e7f-000000000002',
  '0f1c2d3e-4b5a-4c6d-8e7f-000000000003',
]) as [SimPerson, SimPerson, SimPerson];

/** A task made in the bucket of its `first` step, then moved through `moves` (buckets, oldest first). */
const task = (
  fields: Omit<SimItem, 'history' | 'createdAt' | 'type' | 'sprintId'>,
  first: DemoStep,
  moves: DemoStep[],
) => itemThrough({ ...fields, type: 'Task', sprintId: 1 }, steps(first, ...moves));

export function plannerDemoData(): SimData {
  return {
    people: [
      { ...omar },
      { ...ayesha },
      // A user without a mailbox: Graph answers mail null.
      { ...grace, email: null },
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
            { id: 1, title: 'Draft the partner agreement', assignee: omar.id },
            ['06-03', '09:00', 'To do'],
            [
              ['06-04', '09:00', 'In progress'],
              ['06-07', '15:00', 'Done'],
            ],
          ),
          task(
            { id: 2, title: 'Set up the partner portal accounts', assignee: ayesha.id },
            ['06-05', '10:00', 'To do'],
            [
              ['06-10', '09:00', 'In progress'],
              ['06-11', '10:00', 'Review'],
            ],
          ),
          task(
            { id: 3, title: 'Order the welcome packs', assignee: grace.id },
            ['06-06', '11:00', 'To do'],
            [['06-11', '09:00', 'In progress']],
          ),
          task({ id: 4, title: 'Plan the kick-off meeting' }, ['06-09', '09:00', 'To do'], []),
        ],
      },
    ],
  };
}
