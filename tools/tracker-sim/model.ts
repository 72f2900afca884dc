/**
 * What a tracker stand-in holds (tools/tracker-sim): projects with sprints and items, each item's state
 * history in the tracker's own words, the people items are assigned to, and the accounts that may sign in.
 * Every stand-in (jira.ts, azure-devops.ts) serves the same model through its own API's paths and shapes,
 * so one fixture drives any of them.
 */

export type SimPerson = { id: string; name: string; email: string | null };

export type SimSprint = {
  id: number;
  name: string;
  goal?: string;
  /** YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
  state: 'future' | 'active' | 'closed';
};

/** One state change in the tracker's vocabulary (Jira: "In Progress"; Azure DevOps: "Committed"). */
export type SimTransition = { at: string; state: string };

export type SimItem = {
  id: number;
  /** The item's type in the tracker's vocabulary: Story, Sub-task, Bug (Jira); Product Backlog Item, Task (Azure DevOps). */
  type: string;
  title: string;
  /** A task's PBI. */
  parentId?: number;
  sprintId: number;
  /** SimPerson.id */
  assignee?: string;
  createdAt: string;
  /** Oldest first; the first is the state it was created in, the last its current state. */
  history: SimTransition[];
};

export type SimProject = {
  /** Jira's project key; Azure DevOps' project name. */
  key: string;
  name: string;
  sprints: SimSprint[];
  items: SimItem[];
};

/** Someone who may call the API: Jira signs in with e-mail and API token, Azure DevOps with a PAT alone. */
export type SimAccount = { user: string; token: string; expired?: boolean };

export type SimData = { people: SimPerson[]; projects: SimProject[]; accounts: SimAccount[] };

/** Controls every stand-in offers its tests. */
export type SimControls = {
  /** The address to give Teambeat as the project's URL. */
  url: string;
  /** The next `count` API requests are answered 429 with Retry-After `seconds`. */
  limitNext(count: number, seconds: number): void;
  /** The account's token stops working (as an expired or revoked token does). */
  expire(token: string): void;
  /** Every request served: method, path with query, status. */
  readonly requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
};

/** Current state of an item: its history's last. */
export const currentState = (item: SimItem): string => item.history[item.history.length - 1]!.state;
