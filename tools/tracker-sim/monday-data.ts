/**
 * The monday.com demo board the stand-in serves by default (tools/tracker-sim/monday.ts): board 1802551123
 * "Mobile Launch" with one group per sprint, as many monday teams plan: "Sprint 14" (archived, so closed)
 * and "Sprint 15" (the current one). Items carry subitems, their Status column moves through monday's
 * labels (Not Started, Working on it, Stuck, In Review, QA, Done), with one QA kickback and one item stuck.
 * Monday user ids are numbers; the people's e-mails are demo employees of Teambeat's seed. The one account
 * signs in with the personal API token `monday-demo-token`.
 */
import { demoPeople, itemThrough, steps, type DemoStep, type SimData, type SimItem } from './model.js';

const people = demoPeople(['61000001', '61000002', '61000003', '61000004']);
const [omar, ayesha, grace, chen] = people.map((person) => person.id) as [string, string, string, string];

/** An item created "Not Started" at `created` ([day, time]), then moved through `moves` (labels, oldest first). */
const item = (
  fields: Omit<SimItem, 'history' | 'createdAt' | 'type'>,
  [day, time]: [string, string],
  moves: DemoStep[],
) =>
  // monday has no item types: a board's rows are items, the rows under them subitems.
  itemThrough(
    { ...fields, type: fields.parentId === undefined ? 'Item' : 'Subitem' },
    steps([day, time, 'Not Started'], ...moves),
  );

export function mondayDemoData(): SimData {
  return {
    people: people.map((person) => ({ ...person })),
    accounts: [{ user: 'po@northwind.example', token: 'monday-demo-token' }],
    projects: [
      {
        key: '1802551123',
        name: 'Mobile Launch',
        sprints: [
          { id: 14, name: 'Sprint 14', state: 'closed' },
          { id: 15, name: 'Sprint 15', state: 'active' },
        ],
        items: [
          item(
            { id: 1, title: 'Onboarding screens', sprintId: 14, assignee: omar },
            ['05-26', '10:00'],
            [
              ['05-27', '09:30', 'Working on it'],
              ['05-31', '10:00', 'QA'],
              ['06-04', '15:00', 'Done'],
            ],
          ),
          // Kicked back from QA once before it was done.
          item(
            { id: 2, title: 'Welcome carousel', parentId: 1, sprintId: 14, assignee: omar },
            ['05-26', '10:15'],
            [
              ['05-27', '10:00', 'Working on it'],
              ['05-28', '15:00', 'In Review'],
              ['05-29', '10:00', 'QA'],
              ['05-29', '15:30', 'Working on it'],
              ['05-30', '12:00', 'In Review'],
              ['05-31', '09:00', 'QA'],
              ['06-03', '10:00', 'Done'],
            ],
          ),
          item(
            { id: 3, title: 'Sign-up form', parentId: 1, sprintId: 14, assignee: ayesha },
            ['05-26', '10:20'],
            [
              ['05-28', '09:00', 'Working on it'],
              ['05-29', '11:00', 'In Review'],
              ['05-30', '09:30', 'QA'],
              ['06-02', '16:00', 'Done'],
            ],
          ),
          item(
            { id: 4, title: 'Push notifications', sprintId: 14, assignee: grace },
            ['05-26', '11:00'],
            [
              ['05-28', '09:00', 'Working on it'],
              ['06-04', '09:00', 'QA'],
              ['06-06', '12:00', 'Done'],
            ],
          ),
          item(
            { id: 5, title: 'Register device tokens', parentId: 4, sprintId: 14, assignee: grace },
            ['05-26', '11:10'],
            [
              ['05-28', '09:15', 'Working on it'],
              ['06-03', '11:00', 'QA'],
              ['06-05', '10:00', 'Done'],
            ],
          ),
          // The current sprint: an item in review with a subitem in review and one under way, a stuck item
          // worked on without subitems, and an unassigned one not started.
          item(
            { id: 6, title: 'Offline mode', sprintId: 15, assignee: chen },
            ['06-09', '09:00'],
            [
              ['06-10', '09:30', 'Working on it'],
              ['06-12', '09:00', 'In Review'],
            ],
          ),
          item(
            { id: 7, title: 'Cache the last orders', parentId: 6, sprintId: 15, assignee: chen },
            ['06-09', '09:10'],
            [
              ['06-10', '10:00', 'Working on it'],
              ['06-11', '14:00', 'In Review'],
            ],
          ),
          item(
            { id: 8, title: 'Sync on reconnect', parentId: 6, sprintId: 15, assignee: omar },
            ['06-09', '09:20'],
            [['06-11', '09:00', 'Working on it']],
          ),
          item(
            { id: 9, title: 'Crash when rotating the map', sprintId: 15, assignee: ayesha },
            ['06-10', '08:45'],
            [
              ['06-10', '10:00', 'Working on it'],
              ['06-11', '16:00', 'Stuck'],
            ],
          ),
          item({ id: 10, title: 'Dark theme', sprintId: 15 }, ['06-09', '09:30'], []),
        ],
      },
    ],
  };
}
