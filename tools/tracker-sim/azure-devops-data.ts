/**
 * The Azure DevOps demo fixture: project "Mobile App" with a past and a current iteration, Scrum Product
 * Backlog Items with their Tasks, and a few Agile-process User Stories, Tasks and a Bug (Active, Resolved,
 * Closed) so that "testing" and a kickback (Resolved back to Active) show. The people are demo employees,
 * matched by e-mail; the one account signs in with the PAT `azure-demo-pat`.
 */
import { demoPeople, itemThrough, type SimData, type SimItem } from './model.js';

/**
 * An item made in its first step's state, then moved through the others: `[state, YYYY-MM-DDTHH:MM]` (UTC),
 * oldest first, written as Azure writes its dates (…:00Z).
 */
function item(
  id: number,
  sprintId: number,
  type: string,
  title: string,
  assignee: string | undefined,
  steps: [state: string, at: string][],
  parentId?: number,
): SimItem {
  return itemThrough(
    {
      id,
      sprintId,
      type,
      title,
      ...(assignee ? { assignee } : {}),
      ...(parentId !== undefined ? { parentId } : {}),
    },
    steps.map(([state, at]) => ({ state, at: `${at}:00Z` })),
  );
}

const PBI = 'Product Backlog Item';
const STORY = 'User Story';

export function azureDevOpsDemoData(): SimData {
  return {
    people: demoPeople(['omar', 'ayesha', 'grace', 'chen']),
    accounts: [{ user: '', token: 'azure-demo-pat' }],
    projects: [
      {
        key: 'Mobile App',
        name: 'Mobile App',
        sprints: [
          { id: 1, name: 'Sprint 1', startDate: '2030-06-03', endDate: '2030-06-14', state: 'closed' },
          { id: 2, name: 'Sprint 2', startDate: '2030-06-17', endDate: '2030-06-28', state: 'active' },
        ],
        items: [
          // Sprint 1: a Scrum PBI done with its two tasks.
          item(101, 1, PBI, 'Sign in with a Microsoft account', 'omar', [
            ['New', '2030-05-28T10:00'],
            ['Approved', '2030-05-30T14:00'],
            ['Committed', '2030-06-03T09:00'],
            ['Done', '2030-06-12T16:00'],
          ]),
          item(
            102,
            1,
            'Task',
            'OAuth redirect handler',
            'omar',
            [
              ['To Do', '2030-06-03T09:30'],
              ['In Progress', '2030-06-03T10:00'],
              ['Done', '2030-06-06T15:00'],
            ],
            101,
          ),
          item(
            103,
            1,
            'Task',
            'Refresh the token before it expires',
            'ayesha',
            [
              ['To Do', '2030-06-03T09:30'],
              ['In Progress', '2030-06-05T11:00'],
              ['Done', '2030-06-11T17:00'],
            ],
            101,
          ),
          // Sprint 1: an Agile user story sent back from testing once (Resolved -> Active), then closed.
          item(104, 1, STORY, 'Offline mode for the order list', 'grace', [
            ['New', '2030-05-29T09:00'],
            ['Active', '2030-06-04T09:00'],
            ['Resolved', '2030-06-07T17:00'],
            ['Active', '2030-06-09T10:00'],
            ['Resolved', '2030-06-10T15:00'],
            ['Closed', '2030-06-13T12:00'],
          ]),
          item(
            105,
            1,
            'Task',
            'Cache the order list on the device',
            'grace',
            [
              ['New', '2030-06-04T09:15'],
              ['Active', '2030-06-04T10:00'],
              ['Closed', '2030-06-09T16:00'],
            ],
            104,
          ),
          item(106, 1, 'Bug', 'Checkout crashes when the phone rotates', 'chen', [
            ['New', '2030-06-05T08:30'],
            ['Active', '2030-06-06T09:00'],
            ['Resolved', '2030-06-07T12:00'],
            ['Closed', '2030-06-10T10:00'],
          ]),
          // Sprint 2 (current): a committed PBI with a done, an in-progress and an untouched task.
          item(201, 2, PBI, 'Push notifications for order status', 'ayesha', [
            ['New', '2030-06-10T10:00'],
            ['Approved', '2030-06-12T15:00'],
            ['Committed', '2030-06-17T09:00'],
          ]),
          item(
            202,
            2,
            'Task',
            'Register device tokens',
            'ayesha',
            [
              ['To Do', '2030-06-17T09:30'],
              ['In Progress', '2030-06-17T10:00'],
              ['Done', '2030-06-19T16:00'],
            ],
            201,
          ),
          item(
            203,
            2,
            'Task',
            'Notification settings screen',
            'chen',
            [
              ['To Do', '2030-06-17T09:30'],
              ['In Progress', '2030-06-18T09:00'],
            ],
            201,
          ),
          item(204, 2, 'Task', 'Open the order from a notification', undefined, [['To Do', '2030-06-17T09:30']], 201),
          // Sprint 2: an Agile story in testing after a kickback.
          item(205, 2, STORY, 'Dark mode', 'grace', [
            ['New', '2030-06-11T09:00'],
            ['Active', '2030-06-17T10:00'],
            ['Resolved', '2030-06-20T15:00'],
            ['Active', '2030-06-21T09:00'],
            ['Resolved', '2030-06-24T11:00'],
          ]),
          item(206, 2, PBI, 'Accessibility audit fixes', 'omar', [['New', '2030-06-15T13:00']]),
          // A task of Sprint 2 whose story stayed in Sprint 1: its parent shows only in System.Parent.
          item(
            207,
            2,
            'Task',
            'Banner for offline sync conflicts',
            'grace',
            [
              ['New', '2030-06-17T11:00'],
              ['Active', '2030-06-18T10:00'],
            ],
            104,
          ),
          // Cut from the sprint: Azure's Removed state.
          item(208, 2, PBI, 'Tablet layout', 'chen', [
            ['New', '2030-06-12T10:00'],
            ['Removed', '2030-06-18T16:00'],
          ]),
        ],
      },
    ],
  };
}
