/**
 * One interface for every tracker a project connects to (docs/projects.md, "Tool connections"). A connector
 * speaks its tracker's public REST (or GraphQL) API through `trackerHttp` and answers in Teambeat's terms:
 * sprints, and the items of a sprint as PBIs and tasks with their status history. The sync (../sync.ts)
 * stores what they answer; nothing here touches the database.
 */
import type { StatusChange, TrackerTaskStatus, TrackerTool } from '../../../../../shared/projects.js';

/** Where a project lives in its tracker and how to sign in there (decrypted only for the sync). */
export type TrackerConnection = {
  tool: TrackerTool;
  /**
   * The project's address as its people know it: Jira's site (https://acme.atlassian.net), Azure DevOps'
   * organisation or collection (https://dev.azure.com/acme, https://tfs.acme.local/tfs/DefaultCollection).
   */
  baseUrl: string;
  /** The tracker's project: Jira's key (WEB), Azure DevOps' project name, Trello's board id, Planner's plan id, Monday's board id. */
  projectKey: string;
  /** Jira's account e-mail; empty where the token alone signs in (Azure DevOps PAT, Planner, Monday). */
  user: string;
  /** API token, personal access token, or OAuth access token. */
  token: string;
};

export type TrackerSprint = {
  /** The tracker's id of the sprint (iteration, list, group), stable across syncs. */
  ref: string;
  name: string;
  goal: string | null;
  /** YYYY-MM-DD, in the tracker's own terms; null when it has none. */
  startDate: string | null;
  endDate: string | null;
  state: 'future' | 'active' | 'closed';
};

export type TrackerPerson = { name: string; email: string | null };

export type TrackerItem = {
  /** The tracker's id or key (WEB-12, 4711), stable across syncs. */
  ref: string;
  /** A backlog item (story, PBI, bug, card) or a piece of work under one (task, sub-task, checklist item). */
  kind: 'pbi' | 'task';
  /** A task's PBI, by ref; null for a PBI or a task with none. */
  parentRef: string | null;
  title: string;
  /** The tracker's type name (Story, Product Backlog Item, Task). */
  type: string;
  status: TrackerTaskStatus;
  /** The tracker's own state name (In Review, Resolved), shown beside ours. */
  trackerStatus: string;
  assignee: TrackerPerson | null;
  /**
   * A link a person opens in the browser: https, or http where the project's tracker address is http; null
   * where the tracker answered none that is safe to open (shape.ts, trackerLink).
   */
  url: string | null;
  createdAt: string;
  /** When work started (first in progress), and when it was done; ISO instants or null. */
  startedAt: string | null;
  finishedAt: string | null;
  /** Every status change, oldest first, from the tracker's history (empty where its API keeps none). */
  history: StatusChange[];
};

export type TrackerConnector = {
  readonly tool: TrackerTool;
  /** Checks the credentials and that the project exists; answers the tracker's name for it. */
  verify(): Promise<{ name: string }>;
  /** Every sprint of the project, oldest first, all pages read. */
  sprints(): Promise<TrackerSprint[]>;
  /** Every item of one sprint, all pages read, with its history. */
  items(sprintRef: string): Promise<TrackerItem[]>;
};

/**
 * What can go wrong with a tracker, each said clearly to the person syncing (docs/projects.md):
 * - credentials: refused or expired (401, 403);
 * - not-found: no such project, board or sprint (404);
 * - rate-limited: still limited after honouring the tracker's retry hints; `retryAfterSeconds` says when
 *   to try again (the scheduled sync waits that long);
 * - unreachable: no answer, a refused address, or a 5xx;
 * - bad-answer: an answer that is not what the API documents.
 */
export type { TrackerErrorCode } from '../../../../../shared/contracts/projects.js';
import type { TrackerErrorCode } from '../../../../../shared/contracts/projects.js';

export class TrackerError extends Error {
  constructor(
    readonly code: TrackerErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'TrackerError';
  }
}
