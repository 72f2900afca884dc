/**
 * The Home widgets' company-wide sums, precomputed (docs/recognition.md "Home", "Speed"): the window's
 * feedback up to the instant of computing is summed once and stored (`home_snapshots`, one row per tenant
 * and demo switch), and each request adds only what was given since, from `covers_to` to the end of
 * today. Counts, sums of weights and sums of ratings add up exactly across that instant, since a
 * feedback's repeat weight depends only on feedback before it.
 *
 * A snapshot is recomputed when the window moves to a new day, after REFRESH_MS, or when the database
 * dropped it (triggers of migration 0030: a counted row changed, a person or a team changed). Each API
 * process keeps the parsed payload of the row it last read, keyed by its `computation`, so a request reads one
 * small row; concurrent requests of one process wait for one computation.
 */
import { randomUUID } from 'node:crypto';
import type { ReceiverSums } from '../../../../shared/leaderboards.js';
import { HASHTAG_MIN_GIVERS, HOME_WINDOW_DAYS } from '../../../../shared/home.js';
import { todayIn } from '../../../../shared/date-range.js';
import { addDays, startOfLocalDay } from '../../../../shared/time.js';
import type { RequestContext } from '../../http/context.js';
import { leaderboardRepository, type BoardOptions, type Span } from '../leaderboards/repository.js';
import {
  homeRepository,
  type AttributeSums,
  type GiverSums,
  type HashtagSums,
  type StoredSnapshot,
  type TeamMembers,
} from './repository.js';

/** A snapshot older than this is computed again, so the part added per request stays small. */
export const REFRESH_MS = 60 * 60 * 1000;

export type Sums = {
  received: ReceiverSums[];
  given: GiverSums[];
  attributes: AttributeSums[];
  hashtags: HashtagSums[];
};
type Payload = Sums & { teams: TeamMembers[] };
/** `merged`: each part's sums with a given live part, by part and the live part's JSON (see `homeSums`). */
type Snapshot = StoredSnapshot & { payload: Payload; merged: Map<string, unknown[]> };

/** The window of the widgets, the tenant's options, and the instant today ends. */
export type HomeWindow = {
  from: string;
  to: string;
  span: Span;
  options: BoardOptions;
  settings: Awaited<ReturnType<RequestContext['settings']>>;
};

export async function homeWindow(ctx: RequestContext): Promise<HomeWindow> {
  const settings = await ctx.settings();
  const zone = settings.tenant_timezone;
  const to = todayIn(zone, ctx.now());
  const from = addDays(to, -(HOME_WINDOW_DAYS - 1));
  return {
    from,
    to,
    span: {
      from: startOfLocalDay(from, zone).toISOString(),
      to: startOfLocalDay(addDays(to, 1), zone).toISOString(),
    },
    options: { engine: ctx.deps.engine, hideDemo: settings.isDemoDataDisabled },
    settings,
  };
}

const cache = new Map<string, Snapshot>();
const computing = new Map<string, Promise<Snapshot>>();

/** The stored snapshot of the window, computed and stored first when missing or stale. */
async function snapshotOf(ctx: RequestContext, window: HomeWindow): Promise<Snapshot> {
  const hideDemo = window.options.hideDemo;
  const key = `${ctx.caller.tenantId}:${hideDemo ? 1 : 0}`;
  const repo = ctx.repo(homeRepository);
  const meta = await repo.snapshotMeta(hideDemo);
  const now = ctx.now().getTime();
  const fresh =
    meta !== undefined &&
    meta.windowFrom === window.from &&
    // The same days may start at another instant after the company's time zone changed.
    meta.coversFrom === window.span.from &&
    now - Date.parse(meta.coversTo) < REFRESH_MS &&
    Date.parse(meta.coversTo) <= now;
  if (fresh) {
    const cached = cache.get(key);
    if (cached && cached.computation === meta.computation) return cached;
    const text = await repo.snapshotPayload(hideDemo, meta.computation);
    if (text !== undefined) {
      const snapshot = { ...meta, payload: JSON.parse(text) as Payload, merged: new Map() };
      cache.set(key, snapshot);
      return snapshot;
    }
  }
  let running = computing.get(key);
  if (!running) {
    running = compute(ctx, window).finally(() => computing.delete(key));
    computing.set(key, running);
  }
  const snapshot = await running;
  cache.set(key, snapshot);
  return snapshot;
}

/**
 * The stored snapshot's identity: it changes whenever the database dropped the snapshot because a counted
 * row changed (or a person, a team, its members), and at least daily. What is derived from days before
 * its instant can be kept under it (the team percentage's past periods).
 */
export async function snapshotVersion(ctx: RequestContext): Promise<string> {
  const window = await homeWindow(ctx);
  const snapshot = await snapshotOf(ctx, window);
  return `${ctx.caller.tenantId}:${window.options.hideDemo ? 1 : 0}:${snapshot.computation}`;
}

/** What the window holds from `span.from` to `span.to`, summed in the database. */
export async function sumsOf(ctx: RequestContext, span: Span, options: BoardOptions): Promise<Sums> {
  const repo = ctx.repo(homeRepository);
  const [received, given, attributes, hashtags] = await Promise.all([
    ctx.repo(leaderboardRepository).board({ kind: 'company' }, span, options),
    repo.givers(span, options),
    repo.attributes(span, options.hideDemo),
    repo.hashtags(span, options.hideDemo),
  ]);
  return { received, given, attributes, hashtags };
}

/**
 * Sums the window up to now and stores them. The row is claimed first, so a counted row changed while the
 * sums are read drops the claim (the database's triggers) and the sums, which may have missed the change,
 * are not stored: the next request computes again. This request still answers from them, as it would have
 * had it come a moment earlier.
 */
async function compute(ctx: RequestContext, window: HomeWindow): Promise<Snapshot> {
  const repo = ctx.repo(homeRepository);
  const hideDemo = window.options.hideDemo;
  const coversTo = ctx.now().toISOString();
  const meta = { windowFrom: window.from, coversFrom: window.span.from, coversTo, computation: randomUUID() };
  await repo.claimSnapshot(hideDemo, meta);
  const [sums, teams] = await Promise.all([
    sumsOf(ctx, { from: window.span.from, to: coversTo }, window.options),
    repo.teams(hideDemo),
  ]);
  const payload: Payload = { ...sums, teams };
  await repo.storeSnapshot(hideDemo, meta.computation, JSON.stringify(payload));
  return { ...meta, payload, merged: new Map() };
}

/** The part of the window after the snapshot: from `covers_to` to the end of today. */
function liveSpan(snapshot: Snapshot, window: HomeWindow): Span {
  return { from: snapshot.coversTo, to: window.span.to };
}

function mergeBy<T>(a: readonly T[], b: readonly T[], key: (row: T) => string | number, add: (x: T, y: T) => T): T[] {
  const merged = new Map(a.map((row) => [key(row), row]));
  for (const row of b) {
    const k = key(row);
    const there = merged.get(k);
    merged.set(k, there ? add(there, row) : row);
  }
  return [...merged.values()];
}

export const mergeReceived = (a: readonly ReceiverSums[], b: readonly ReceiverSums[]) =>
  mergeBy(
    a,
    b,
    (r) => r.employeeId,
    (x, y) => ({
      ...x,
      weightedSum: x.weightedSum + y.weightedSum,
      weightedCount: x.weightedCount + y.weightedCount,
      counted: x.counted + y.counted,
      feedbackCount: x.feedbackCount + y.feedbackCount,
    }),
  );

const mergeGiven = (a: readonly GiverSums[], b: readonly GiverSums[]) =>
  mergeBy(
    a,
    b,
    (r) => r.employeeId,
    (x, y) => ({ ...x, counted: x.counted + y.counted, feedbackCount: x.feedbackCount + y.feedbackCount }),
  );

const mergeAttributes = (a: readonly AttributeSums[], b: readonly AttributeSums[]) =>
  mergeBy(
    a,
    b,
    (r) => r.id,
    (x, y) => ({ id: x.id, count: x.count + y.count, sum: x.sum + y.sum }),
  );

/**
 * Uses add up. Givers are only ever compared with HASHTAG_MIN_GIVERS: once either side reaches it the tag
 * is shown (the figure kept is a lower bound); below it both sides know their givers' ids, so the union is
 * exact.
 */
const mergeHashtags = (a: readonly HashtagSums[], b: readonly HashtagSums[]) =>
  mergeBy(
    a,
    b,
    (r) => r.tag,
    (x, y) => {
      const uses = x.uses + y.uses;
      if (x.givers >= HASHTAG_MIN_GIVERS || y.givers >= HASHTAG_MIN_GIVERS)
        return { tag: x.tag, uses, givers: Math.max(x.givers, y.givers), giverIds: [] };
      const ids = [...new Set([...x.giverIds, ...y.giverIds])];
      return { tag: x.tag, uses, givers: ids.length, giverIds: ids.length < HASHTAG_MIN_GIVERS ? ids : [] };
    },
  );

export type HomeSums = { window: HomeWindow; teams: TeamMembers[] } & Sums;

/** At most this many merged parts are kept per snapshot (the live part changes as feedback comes in). */
const MERGED_KEPT = 32;

/**
 * A part of the snapshot brought up to date with its live part. The same inputs answer the same array, so
 * the service can keep what it derives from it (rankings) for as long as nothing new was given: the
 * snapshot's own array while nothing was, one merge per new live part after that.
 */
function mergedPart<T>(snapshot: Snapshot, part: keyof Sums, live: T[], merge: (a: T[], b: T[]) => T[]): T[] {
  const stored = snapshot.payload[part] as T[];
  if (live.length === 0) return stored;
  const key = `${part}:${JSON.stringify(live)}`;
  let merged = snapshot.merged.get(key) as T[] | undefined;
  if (!merged) {
    if (snapshot.merged.size >= MERGED_KEPT) snapshot.merged.clear();
    merged = merge(stored, live);
    snapshot.merged.set(key, merged);
  }
  return merged;
}

/**
 * The window's sums the caller's widget needs: the snapshot's, plus the same sums of what came after it.
 * `parts` names the sums to bring up to date (the others are left as the snapshot has them).
 */
export async function homeSums(ctx: RequestContext, parts: readonly (keyof Sums)[]): Promise<HomeSums> {
  const window = await homeWindow(ctx);
  const snapshot = await snapshotOf(ctx, window);
  const span = liveSpan(snapshot, window);
  const repo = ctx.repo(homeRepository);
  const want = new Set(parts);
  const [received, given, attributes, hashtags] = await Promise.all([
    want.has('received')
      ? ctx.repo(leaderboardRepository).board({ kind: 'company' }, span, window.options)
      : Promise.resolve([]),
    want.has('given') ? repo.givers(span, window.options) : Promise.resolve([]),
    want.has('attributes') ? repo.attributes(span, window.options.hideDemo) : Promise.resolve([]),
    want.has('hashtags') ? repo.hashtags(span, window.options.hideDemo) : Promise.resolve([]),
  ]);
  return {
    window,
    teams: snapshot.payload.teams,
    received: mergedPart(snapshot, 'received', received, mergeReceived),
    given: mergedPart(snapshot, 'given', given, mergeGiven),
    attributes: mergedPart(snapshot, 'attributes', attributes, mergeAttributes),
    hashtags: mergedPart(snapshot, 'hashtags', hashtags, mergeHashtags),
  };
}
