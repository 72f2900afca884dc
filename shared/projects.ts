/**
 * Projects, sprints, PBIs and tasks (docs/projects.md): the vocabulary both sides share, and the rules that
 * turn a tracker's history into a task's metrics. Isomorphic: no Node, no DOM.
 */

/** The trackers a project connects to (the spec's TFS, Jira, Trello, MS Planner, Monday). */
export const TRACKER_TOOLS = ['azure-devops', 'jira', 'trello', 'planner', 'monday'] as const;
export type TrackerTool = (typeof TRACKER_TOOLS)[number];

/**
 * A task's status as Teambeat shows it. The first six come from the tracker (each connector maps its own
 * states onto them, docs/projects.md); `ignored` and `requested` are Teambeat's own: a task someone ignored
 * for feedback, and one whose feedback was asked for.
 */
export const TASK_STATUSES = [
  'new',
  'in-progress',
  'testing',
  'uat',
  'done',
  'completed',
  'ignored',
  'requested',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses a tracker's state maps to. */
export const TRACKER_TASK_STATUSES = ['new', 'in-progress', 'testing', 'uat', 'done', 'completed'] as const;
export type TrackerTaskStatus = (typeof TRACKER_TASK_STATUSES)[number];

/** A tracker's broad class of a state, where its API gives one (Jira's status category, Azure's state category). */
export type StateCategory = 'new' | 'in-progress' | 'done' | null;

/**
 * The status a tracker's state name means, by its category where the tracker gives one and by the words
 * the common process templates use: "QA", "Test", "Review" and Azure's "Resolved" are testing; "UAT",
 * "Acceptance" and "Staging" are UAT; "Closed" and "Released" are completed (done and shipped).
 */
export function statusFromTrackerState(name: string, category: StateCategory = null): TrackerTaskStatus {
  const n = name.trim().toLowerCase();
  if (/\b(uat|acceptance|staging)\b/.test(n)) return 'uat';
  if (/\b(qa|test|testing|in test|review|in review|verify|verification|resolved)\b/.test(n)) return 'testing';
  if (/\b(closed|released|shipped|deployed)\b/.test(n)) return 'completed';
  if (category === 'done' || /\b(done|complete|completed|finished)\b/.test(n)) return 'done';
  if (category === 'new' || /\b(new|to ?do|open|backlog|approved|proposed|not started|ready)\b/.test(n)) return 'new';
  return 'in-progress';
}

/** One change of a task's status, as the tracker's history records it. */
export type StatusChange = { at: string; to: TrackerTaskStatus };

export type TaskMetrics = {
  /** Hours from first entering in-progress to first reaching done, completed, testing or UAT; null until then. */
  devCycleHours: number | null;
  /** How many times the task went back from testing or UAT to new or in-progress. */
  qaKickbacks: number;
  /** Hours spent in testing and UAT, all visits together; null if it never got there. */
  qaCycleHours: number | null;
};

const FINISHED_DEV = new Set<TrackerTaskStatus>(['testing', 'uat', 'done', 'completed']);
const IN_QA = new Set<TrackerTaskStatus>(['testing', 'uat']);
const BACK_TO_DEV = new Set<TrackerTaskStatus>(['new', 'in-progress']);
const HOUR = 3_600_000;

const hoursBetween = (from: string, to: string) => Math.round(((Date.parse(to) - Date.parse(from)) / HOUR) * 10) / 10;

/**
 * A task's metrics from its status history (oldest first; `now` closes an open QA visit). Dev cycle time runs
 * from the first in-progress to the first status past development; a kickback is a return from testing or
 * UAT to new or in-progress; QA cycle time adds up every stay in testing or UAT.
 */
export function taskMetrics(history: readonly StatusChange[], now: string): TaskMetrics {
  const changes = [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let startedAt: string | null = null;
  let devCycleHours: number | null = null;
  let qaKickbacks = 0;
  let qaMs = 0;
  let visitedQa = false;
  let qaSince: string | null = null;
  let previous: TrackerTaskStatus | null = null;
  for (const change of changes) {
    if (change.to === 'in-progress' && startedAt === null) startedAt = change.at;
    if (FINISHED_DEV.has(change.to) && startedAt !== null && devCycleHours === null)
      devCycleHours = hoursBetween(startedAt, change.at);
    if (previous !== null && IN_QA.has(previous) && BACK_TO_DEV.has(change.to)) qaKickbacks++;
    if (qaSince !== null && !IN_QA.has(change.to)) {
      qaMs += Date.parse(change.at) - Date.parse(qaSince);
      qaSince = null;
    }
    if (IN_QA.has(change.to) && qaSince === null) {
      qaSince = change.at;
      visitedQa = true;
    }
    previous = change.to;
  }
  if (qaSince !== null) qaMs += Math.max(0, Date.parse(now) - Date.parse(qaSince));
  return {
    devCycleHours,
    qaKickbacks,
    qaCycleHours: visitedQa ? Math.round((qaMs / HOUR) * 10) / 10 : null,
  };
}

/** What kind of engagement a project is: billable at a fixed scope or by the month, or internal work. */
export const PROJECT_TYPES = ['fixed-scope', 'monthly', 'non-billable'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** A member's part in a project. */
export const PROJECT_ROLES = ['product-owner', 'member'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const SPRINT_STATUSES = ['future', 'active', 'closed'] as const;
export type SprintStatus = (typeof SPRINT_STATUSES)[number];

/** A sprint's quality test result (the spec's Passed, Failed, In Progress, None). */
export const QUALITY_RESULTS = ['passed', 'failed', 'in-progress', 'none'] as const;
export type QualityResult = (typeof QUALITY_RESULTS)[number];

/** Why a task is left out of feedback (the spec's Low Impact, Outside Scope). */
export const IGNORE_REASONS = ['low-impact', 'outside-scope'] as const;
export type IgnoreReason = (typeof IGNORE_REASONS)[number];

export const PROJECT_NAME_MAX = 120;
export const PROJECT_KEY_MAX = 64;
export const PROJECT_URL_MAX = 2048;
export const PROJECT_DESCRIPTION_MAX = 2000;
export const PROJECT_MEMBERS_MAX = 200;
export const SPRINT_NAME_MAX = 120;
export const SPRINT_GOAL_MAX = 1000;
/** Ignoring or restoring tasks takes at most this many at once. */
export const TASK_BATCH_MAX = 200;

/**
 * A project's address as stored: the http(s) prefix is optional when typed (https is assumed), the scheme
 * and host are lower case, and a trailing slash, query or fragment is dropped. Null when it is not an
 * http(s) address with a host.
 */
export function normalizeProjectUrl(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '' || url.username || url.password)
    return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
