/**
 * The Trello demo board the stand-in serves by default (tools/tracker-sim/trello.ts): "Customer Portal"
 * (short link Qx7Lm2Pa) with the lists Backlog, To Do, Doing, Code Review, QA and Done, cards moved between
 * them in June 2030 around the e2e clock (2030-06-12), one sent back from QA to Doing (a kickback), one still
 * in the backlog and unassigned. Trello has no sprints: the board is one rolling sprint, so every card is in
 * the model's sprint 1. Members' e-mails are the demo employees', though Trello shows them to nobody else.
 */
import type { SimData, SimItem, SimPerson } from './model.js';

const people: SimPerson[] = [
  { id: '5e1f00a1c0ffee0000000001', name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
  { id: '5e1f00a1c0ffee0000000002', name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
  { id: '5e1f00a1c0ffee0000000003', name: 'Grace Castillo', email: 'grace.castillo26@northwind.example' },
  { id: '5e1f00a1c0ffee0000000004', name: 'Chen Okafor', email: 'chen.okafor@northwind.example' },
];
const [omar, ayesha, grace, chen] = people.map((person) => person.id) as [string, string, string, string];

/** An instant on a June 2030 day, UTC: at('06-03', '09:30'). */
const at = (day: string, time: string) => `2030-${day}T${time}:00.000Z`;

/** A card made in list `first` at `created`, then moved through `moves` ([day, time, list], oldest first). */
function card(
  fields: Omit<SimItem, 'history' | 'createdAt' | 'type' | 'sprintId'>,
  [day, time, first]: [string, string, string],
  moves: [string, string, string][],
): SimItem {
  const createdAt = at(day, time);
  return {
    ...fields,
    type: 'Card',
    sprintId: 1,
    createdAt,
    history: [{ at: createdAt, state: first }, ...moves.map(([d, t, list]) => ({ at: at(d, t), state: list }))],
  };
}

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
