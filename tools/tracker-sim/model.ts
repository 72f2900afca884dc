/**
 * What a tracker stand-in holds (tools/tracker-sim): projects with sprints and items, each item's state
 * history in the tracker's own words, the people items are assigned to, and the accounts that may sign in.
 * Every stand-in (jira.ts, azure-devops.ts, trello.ts, planner.ts, monday.ts) serves the same model through
 * its own API's paths and shapes, so one fixture drives any of them. The demo data's builders are here too
 * (the people, the June 2030 instants, items made from their steps); the HTTP serving is in serve.ts.
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
  /**
   * The link the tracker answers for the item, where the stand-in answers one (Trello's card url, monday's
   * item url, Azure DevOps' _links.html); default: the tracker's own form. Tests set one a page must not open.
   */
  link?: string;
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

/** The account's token stops working, as an expired or revoked token does (every stand-in's `expire`). */
export function expireToken(data: SimData, token: string): void {
  for (const account of data.accounts) if (account.token === token) account.expired = true;
}

/** The four demo employees of Teambeat's seed every demo tracker assigns work to, in this order. */
const DEMO_PEOPLE = [
  { name: 'Omar Iqbal', email: 'omar.iqbal@northwind.example' },
  { name: 'Ayesha Fischer', email: 'ayesha.fischer20@northwind.example' },
  { name: 'Grace Castillo', email: 'grace.castillo26@northwind.example' },
  { name: 'Chen Okafor', email: 'chen.okafor@northwind.example' },
] as const;

/** The demo employees under the tracker's own ids for them (the first `ids.length` of them, in order). */
export function demoPeople(ids: readonly string[]): SimPerson[] {
  return ids.slice(0, DEMO_PEOPLE.length).map((id, i) => ({ id, ...DEMO_PEOPLE[i]! }));
}

/** An instant on a day of 2030, UTC, as the demo data writes them around the e2e clock (2030-06-12): at('06-03', '09:30'). */
export const at = (day: string, time: string) => `2030-${day}T${time}:00.000Z`;

/** One step of a demo item: on `day` (MM-DD of 2030) at `time` (HH:MM, UTC) it was in `state`. */
export type DemoStep = [day: string, time: string, state: string];

/** Demo steps as a history, oldest first. */
export const steps = (...list: DemoStep[]): SimTransition[] =>
  list.map(([day, time, state]) => ({ at: at(day, time), state }));

/** An item made in its history's first state at that instant, then moved through the rest. */
export function itemThrough(fields: Omit<SimItem, 'history' | 'createdAt'>, history: SimTransition[]): SimItem {
  if (history.length === 0) throw new Error(`item ${fields.id} needs a history`);
  return { ...fields, createdAt: history[0]!.at, history };
}
