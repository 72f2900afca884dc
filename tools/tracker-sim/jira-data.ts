/**
 * The Jira demo project the stand-in serves by default (tools/tracker-sim/jira.ts): WEB "Web Platform", one
 * closed and one active sprint around the e2e clock (2030-06-12), Stories and a Bug with Sub-tasks moving
 * through a common Jira Software workflow (To Do, In Progress, In Review, QA, Done), two QA kickbacks, and
 * an Epic in a sprint (connectors skip it). The assignees' e-mails are demo employees of Teambeat's seed.
 */
import { demoPeople, itemThrough, steps, type DemoStep, type SimData, type SimItem } from './model.js';

const people = demoPeople([
  '712020:6b1c4e0a-omar-iqbal',
  '712020:7d2f5a1b-ayesha-fischer',
  '712020:8e3a6b2c-grace-castillo',
  '712020:9f4b7c3d-chen-okafor',
]);
const [omar, ayesha, grace, chen] = people.map((person) => person.id) as [string, string, string, string];

/** An item created in To Do at `created` ([day, time]), then moved through `moves` (oldest first). */
const item = (fields: Omit<SimItem, 'history' | 'createdAt'>, [day, time]: [string, string], moves: DemoStep[]) =>
  itemThrough(fields, steps([day, time, 'To Do'], ...moves));

export function jiraDemoData(): SimData {
  return {
    people: people.map((person) => ({ ...person })),
    accounts: [{ user: 'po@northwind.example', token: 'jira-demo-token' }],
    projects: [
      {
        key: 'WEB',
        name: 'Web Platform',
        sprints: [
          {
            id: 1,
            name: 'WEB Sprint 1',
            goal: 'Guest checkout and saved cards ready for the beta',
            startDate: '2030-05-27',
            endDate: '2030-06-07',
            state: 'closed',
          },
          {
            id: 2,
            name: 'WEB Sprint 2',
            goal: 'Customers find their past orders',
            startDate: '2030-06-10',
            endDate: '2030-06-21',
            state: 'active',
          },
        ],
        items: [
          item(
            { id: 1, type: 'Epic', title: 'Checkout revamp', sprintId: 1 },
            ['05-20', '10:00'],
            [['05-27', '09:00', 'In Progress']],
          ),
          // A story whose API sub-task came back from QA once (a kickback) before it was done.
          item(
            { id: 2, type: 'Story', title: 'Guest checkout', parentId: 1, sprintId: 1, assignee: omar },
            ['05-26', '10:00'],
            [
              ['05-27', '09:30', 'In Progress'],
              ['05-30', '14:00', 'In Review'],
              ['05-31', '10:00', 'QA'],
              ['06-04', '15:00', 'Done'],
            ],
          ),
          item(
            { id: 3, type: 'Sub-task', title: 'Guest checkout API', parentId: 2, sprintId: 1, assignee: omar },
            ['05-26', '10:15'],
            [
              ['05-27', '10:00', 'In Progress'],
              ['05-28', '15:00', 'In Review'],
              ['05-29', '10:00', 'QA'],
              ['05-29', '15:30', 'In Progress'],
              ['05-30', '12:00', 'In Review'],
              ['05-31', '09:00', 'QA'],
              ['06-03', '10:00', 'Done'],
            ],
          ),
          item(
            { id: 4, type: 'Sub-task', title: 'Guest checkout form', parentId: 2, sprintId: 1, assignee: ayesha },
            ['05-26', '10:20'],
            [
              ['05-28', '09:00', 'In Progress'],
              ['05-29', '11:00', 'In Review'],
              ['05-30', '09:30', 'QA'],
              ['06-02', '16:00', 'Done'],
            ],
          ),
          item(
            { id: 5, type: 'Story', title: 'Saved cards', parentId: 1, sprintId: 1, assignee: grace },
            ['05-26', '11:00'],
            [
              ['05-28', '09:00', 'In Progress'],
              ['06-02', '10:00', 'In Review'],
              ['06-04', '09:00', 'QA'],
              ['06-06', '12:00', 'Done'],
            ],
          ),
          item(
            {
              id: 6,
              type: 'Sub-task',
              title: 'Tokenise cards with the payment provider',
              parentId: 5,
              sprintId: 1,
              assignee: grace,
            },
            ['05-26', '11:10'],
            [
              ['05-28', '09:15', 'In Progress'],
              ['05-31', '16:00', 'In Review'],
              ['06-03', '11:00', 'QA'],
              ['06-05', '10:00', 'Done'],
            ],
          ),
          item(
            { id: 7, type: 'Sub-task', title: 'Card list UI', parentId: 5, sprintId: 1, assignee: chen },
            ['05-26', '11:20'],
            [
              ['06-01', '09:00', 'In Progress'],
              ['06-03', '14:00', 'In Review'],
              ['06-04', '10:00', 'QA'],
              ['06-06', '11:00', 'Done'],
            ],
          ),
          // The active sprint: a story in QA, a sub-task kicked back from QA now in review again, one never
          // started, a bug in progress and an unassigned story still to do.
          item(
            { id: 8, type: 'Story', title: 'Order history page', sprintId: 2, assignee: chen },
            ['06-09', '09:00'],
            [
              ['06-10', '09:30', 'In Progress'],
              ['06-11', '15:00', 'In Review'],
              ['06-12', '09:00', 'QA'],
            ],
          ),
          item(
            { id: 9, type: 'Sub-task', title: 'Order history endpoint', parentId: 8, sprintId: 2, assignee: ayesha },
            ['06-09', '09:10'],
            [
              ['06-10', '10:00', 'In Progress'],
              ['06-11', '09:00', 'In Review'],
              ['06-11', '14:00', 'QA'],
              ['06-11', '17:00', 'In Progress'],
              ['06-12', '10:00', 'In Review'],
            ],
          ),
          item(
            { id: 10, type: 'Sub-task', title: 'Order history table', parentId: 8, sprintId: 2, assignee: chen },
            ['06-09', '09:20'],
            [],
          ),
          item(
            { id: 11, type: 'Bug', title: 'Coupon code ignored on mobile', sprintId: 2, assignee: grace },
            ['06-10', '08:45'],
            [['06-11', '09:00', 'In Progress']],
          ),
          item({ id: 12, type: 'Story', title: 'Delivery slot picker', sprintId: 2 }, ['06-09', '09:30'], []),
        ],
      },
    ],
  };
}
