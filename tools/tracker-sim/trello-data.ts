/**
 * The Trello demo board the stand-in serves by default (tools/tracker-sim/trello.ts): "Customer Portal"
 * (short link Qx7Lm2Pa) with the lists Backlog, To Do, Doing, Code Review, QA and Done, cards moved between
 * them in June 2030 around the e2e clock (2030-06-12), one sent back from QA to Doing (a kickback), one still
 * in the backlog and unassigned. Trello has no sprints: the board is one rolling sprint, so every card is in
 * the model's sprint 1. Members' e-mails are the demo employees', though Trello shows them to nobody else.
 */
import { demoPeople, itemThrough, steps, type DemoStep, type SimData, type SimItem } from './model.js';

const people = demoPeople([
  '5e1f00a1c0ffee0000000001',
  '5e1f00a1c0ffee0000000002',
  '5e1f00a1c0ffee0000000003',
  '5e1f00a1c0ffee0000000004',
]);
const [omar, ayesha, grace, chen] = people.map((person) => person.id) as [string, string, string, string];

/** A card made in the list of its `first` step, then moved through `moves` (lists, oldest first). */
const card = (
  fields: Omit<SimItem, 'history' | 'createdAt' | 'type' | 'sprintId'>,
  first: DemoStep,
  moves: DemoStep[],
) => itemThrough({ ...fields, type: 'Card', sprintId: 1 }, steps(first, ...moves));

export function trelloDemoData(): SimData {
  return {
    people: people.map((person) => ({ ...person })),
    // The account's user is the API key; the token is the member's.
    accounts: [{ user: 'trello-demo-key', token: 'trello-demo-token' }],
    projects: [
      {
        key: 'Qx7Lm2Pa',
        name: 'Customer Portal',
        sprints: [{ id: 1, name: 'Customer Portal', state: 'active' }],
        items: [
          // First, so the board's lists come in workflow order: Backlog first.
          card({ id: 1, title: 'Accessibility audit fixes' }, ['06-02', '16:00', 'Backlog'], []),
          card(
            { id: 2, title: 'Sign in with a magic link', assignee: omar },
            ['06-03', '09:00', 'To Do'],
            [
              ['06-04', '09:00', 'Doing'],
              ['06-05', '15:00', 'Code Review'],
              ['06-06', '10:00', 'QA'],
              ['06-06', '16:00', 'Doing'],
              ['06-07', '11:00', 'QA'],
              ['06-10', '09:00', 'Done'],
            ],
          ),
          card(
            { id: 3, title: 'Download invoices as PDF', assignee: ayesha },
            ['06-03', '10:00', 'To Do'],
            [
              ['06-05', '09:00', 'Doing'],
              ['06-07', '14:00', 'QA'],
              ['06-10', '12:00', 'Done'],
            ],
          ),
          card(
            { id: 4, title: 'Password reset e-mail copy', assignee: grace },
            ['06-06', '11:00', 'To Do'],
            [
              ['06-11', '09:00', 'Doing'],
              ['06-12', '10:00', 'Code Review'],
            ],
          ),
          card(
            { id: 5, title: 'Usage charts on the dashboard', assignee: chen },
            ['06-09', '09:00', 'To Do'],
            [
              ['06-10', '09:00', 'Doing'],
              ['06-11', '09:00', 'QA'],
            ],
          ),
        ],
      },
    ],
  };
}
