/**
 * An Azure DevOps Services / Server (TFS) stand-in: a real HTTP server on 127.0.0.1 serving a SimData
 * (model.ts) through the public REST API, version 7.1, with the paths, parameters and shapes of Microsoft's
 * REST reference and its examples (MicrosoftDocs/vsts-rest-api-specs). What it models:
 *
 * - The address is the organisation or collection (`/northwind`, or `/tfs/DefaultCollection` on a Server);
 *   the project is named in the path (URL-encoded, matched case-insensitively, or by its id).
 * - Sign-in with a PAT as `Authorization: Basic base64(anything ":" pat)`. A missing or unknown PAT gets the
 *   sign-in page (203 Non-Authoritative Information, HTML) as Azure answers it, or 401 with TF400813 when the
 *   caller sends `X-TFS-FedAuthRedirect: Suppress`; an expired PAT gets 401 "Access Denied: The Personal
 *   Access Token used has expired." (AccessCheckException, also in X-TFS-ServiceError).
 * - `GET _apis/projects/{project}` (404 ProjectDoesNotExistWithNameException for an unknown one).
 * - `GET {project}[/{team}]/_apis/work/teamsettings/iterations`: the team's iterations as {count, value}
 *   with GUID ids, `Project\Sprint` paths and attributes {startDate, finishDate, timeFrame}. Without a team
 *   segment the project's default team ("{project} Team") answers. timeFrame comes from the fixture's sprint
 *   state (closed = past, active = current), not from today's date, so fixtures in 2030 stay stable.
 * - `GET .../iterations/{id}/workitems`: workItemRelations, rel null for the top-level items and
 *   System.LinkTypes.Hierarchy-Forward (source = parent) for children whose parent is in the iteration.
 * - `POST [{project}/]_apis/wit/workitemsbatch` {ids (at most 200), fields, $expand, errorPolicy} and
 *   `GET [{project}/]_apis/wit/workitems?ids=`: {count, value} with only the requested fields that have a
 *   value; identities as IdentityRef {displayName, uniqueName, ...}; `_links` (html = web/wi.aspx) only
 *   with $expand links or all, which cannot be combined with fields (400), as on Azure.
 * - `GET [{project}/]_apis/wit/workItems/{id}/updates?$top=&$skip=`: one update per revision (fields as
 *   {oldValue, newValue}; the first has only newValues) plus relation-only updates without fields and
 *   sharing the revision of the update before them (a child link added to a parent). revisedDate is when
 *   that revision was superseded ("9999-01-01T00:00:00Z" for the latest), so the time of a change is its
 *   System.ChangedDate, as on Azure. At most `pageSize` updates per page; Azure documents no continuation
 *   token for updates.
 * - System.Parent, Microsoft.VSTS.Common.ActivatedDate / ResolvedDate / ClosedDate follow the state
 *   categories (Proposed, In Progress, Resolved, Completed, Removed) of the Scrum, Agile, CMMI and Basic
 *   states, as Azure sets them.
 * - `api-version`: required on POST (400 VssVersionNotSpecifiedException), above 7.1 is out of range (400).
 * - limitNext(n, s): the next n requests are blocked with 429, TF400733, Retry-After and the X-RateLimit-*
 *   headers of Azure's rate-limits page (Resource, Delay, Limit, Remaining, Reset).
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import {
  expireToken,
  type SimControls,
  type SimData,
  type SimItem,
  type SimPerson,
  type SimProject,
  type SimSprint,
} from './model.js';
import { rateLimits, serve, type Answer } from './serve.js';

export { azureDevOpsDemoData } from './azure-devops-data.js';

export type AzureDevOpsSimOptions = {
  /** 0 (the default): a free port. */
  port?: number;
  /** The most updates one page answers, whatever $top asks (default 200). */
  pageSize?: number;
  /** The organisation or collection path (default `northwind`; `tfs/DefaultCollection` for a Server). */
  collectionPath?: string;
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const MAX_BATCH = 200;
const MAX_API_VERSION = 7.1;
const NEVER = '9999-01-01T00:00:00Z';
const HIERARCHY_FORWARD = 'System.LinkTypes.Hierarchy-Forward';
const HIERARCHY_REVERSE = 'System.LinkTypes.Hierarchy-Reverse';

/** An error Azure answers with its JSON exception body (message, typeKey, ...). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly typeKey: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Thrown for the sign-in page Azure shows a request without valid credentials. */
class SignInPage extends Error {}

const SIGN_IN_PAGE = `<!DOCTYPE html>
<html><head><title>Azure DevOps Services | Sign In</title></head>
<body><form method="post" action="https://login.microsoftonline.com/common/oauth2/authorize">
<p>Sign in to your account to continue to Azure DevOps.</p></form></body></html>
`;

/** A stable GUID for a name, so ids survive restarts of the stand-in. */
function guid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Azure's state categories, which drive ActivatedDate, ResolvedDate and ClosedDate. */
type Category = 'Proposed' | 'InProgress' | 'Resolved' | 'Completed' | 'Removed';
const CATEGORIES: Record<string, Category> = {
  new: 'Proposed',
  approved: 'Proposed',
  proposed: 'Proposed',
  'to do': 'Proposed',
  committed: 'InProgress',
  active: 'InProgress',
  'in progress': 'InProgress',
  doing: 'InProgress',
  resolved: 'Resolved',
  done: 'Completed',
  closed: 'Completed',
  removed: 'Removed',
};
const category = (state: string): Category => CATEGORIES[state.trim().toLowerCase()] ?? 'InProgress';

type Located = { project: SimProject; item: SimItem };

export async function startAzureDevOpsSim(data: SimData, options: AzureDevOpsSimOptions = {}): Promise<SimControls> {
  const pageSize = options.pageSize ?? 200;
  const collection = (options.collectionPath ?? 'northwind').split('/').filter(Boolean);
  const collectionId = guid(`collection:${collection.join('/')}`);
  const limits = rateLimits();
  let origin = '';

  const base = () => `${origin}/${collection.map(encodeURIComponent).join('/')}`;
  const people = new Map(data.people.map((person) => [person.id, person]));
  const workItems = new Map<number, Located>();
  for (const project of data.projects) for (const item of project.items) workItems.set(item.id, { project, item });

  function identity(person: SimPerson): JsonObject {
    const id = guid(`identity:${person.id}`);
    const descriptor = `aad.${Buffer.from(id).toString('base64url')}`;
    return {
      displayName: person.name,
      url: `${base()}/_apis/Identities/${id}`,
      _links: { avatar: { href: `${base()}/_apis/GraphProfile/MemberAvatars/${descriptor}` } },
      id,
      // Entra ID accounts sign in with their e-mail; an on-premises account has DOMAIN\name.
      uniqueName: person.email ?? `NORTHWIND\\${person.id}`,
      imageUrl: `${base()}/_api/_common/identityImage?id=${id}`,
      descriptor,
    };
  }
  const somebody = (item: SimItem): SimPerson =>
    (item.assignee ? people.get(item.assignee) : undefined) ??
    data.people[0] ?? { id: 'sim', name: 'Azure DevOps Sim', email: null };

  const projectRef = (project: SimProject) => ({ id: guid(`project:${project.key}`), name: project.key });
  const team = (project: SimProject) => ({ id: guid(`team:${project.key}`), name: `${project.key} Team` });
  const iterationId = (project: SimProject, sprint: SimSprint) => guid(`iteration:${project.key}:${sprint.id}`);
  const workItemUrl = (id: number) => `${base()}/_apis/wit/workItems/${id}`;

  /** The work item's fields at each revision, oldest first. */
  function revisions(project: SimProject, item: SimItem): JsonObject[] {
    const sprint = project.sprints.find((s) => s.id === item.sprintId);
    const by = identity(somebody(item));
    const assignee = item.assignee ? people.get(item.assignee) : undefined;
    const fixed: JsonObject = {
      'System.Id': item.id,
      'System.AreaPath': project.key,
      'System.TeamProject': project.key,
      'System.IterationPath': sprint ? `${project.key}\\${sprint.name}` : project.key,
      'System.WorkItemType': item.type,
      'System.Title': item.title,
      'System.CreatedDate': item.createdAt,
      'System.CreatedBy': by,
      ...(assignee ? { 'System.AssignedTo': identity(assignee) } : {}),
      ...(item.parentId !== undefined ? { 'System.Parent': item.parentId } : {}),
    };
    const result: JsonObject[] = [];
    let activated: string | null = null;
    let resolved: string | null = null;
    let closed: string | null = null;
    let previous: Category | null = null;
    item.history.forEach((step, index) => {
      const now = category(step.state);
      if (now === 'Proposed') activated = null;
      else if (activated === null && (previous === null || previous === 'Proposed')) activated = step.at;
      if (now !== 'Resolved' && now !== 'Completed') resolved = null;
      else if (now === 'Resolved' && previous !== 'Resolved') resolved = step.at;
      if (now !== 'Completed') closed = null;
      else if (previous !== 'Completed') closed = step.at;
      previous = now;
      result.push({
        ...fixed,
        'System.Rev': index + 1,
        'System.State': step.state,
        'System.ChangedDate': step.at,
        'System.ChangedBy': by,
        'System.AuthorizedDate': step.at,
        'Microsoft.VSTS.Common.StateChangeDate': step.at,
        ...(activated ? { 'Microsoft.VSTS.Common.ActivatedDate': activated } : {}),
        ...(resolved ? { 'Microsoft.VSTS.Common.ResolvedDate': resolved } : {}),
        ...(closed ? { 'Microsoft.VSTS.Common.ClosedDate': closed } : {}),
      });
    });
    return result;
  }

  function currentFields(project: SimProject, item: SimItem): JsonObject {
    const all = revisions(project, item);
    return { ...all[all.length - 1]!, 'System.RevisedDate': NEVER };
  }

  /** Every update of a work item, in order: one per revision, and a fields-less one per child link added. */
  function updates(project: SimProject, item: SimItem): JsonObject[] {
    const revs = revisions(project, item);
    const by = identity(somebody(item));
    type Event = { at: string; rev: number; fields?: JsonObject; child?: number };
    const events: Event[] = revs.map((fields, index) => ({
      at: String(fields['System.ChangedDate']),
      rev: index + 1,
      fields,
    }));
    for (const child of project.items.filter((other) => other.parentId === item.id))
      events.push({ at: child.createdAt, rev: 0, child: child.id });
    events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.child === undefined ? -1 : 1));
    const revisedDate = (rev: number) => (revs[rev] ? String(revs[rev]['System.ChangedDate']) : NEVER);
    let rev = 1;
    return events.map((event, index) => {
      const id = index + 1;
      const common = { id, workItemId: item.id };
      const tail = { url: `${workItemUrl(item.id)}/updates/${id}` };
      if (event.child !== undefined) {
        // A link added to the parent: no fields, the revision of the update before it.
        return {
          ...common,
          rev,
          revisedBy: by,
          revisedDate: revisedDate(rev),
          relations: {
            added: [{ rel: HIERARCHY_FORWARD, url: workItemUrl(event.child), attributes: { isLocked: false } }],
          },
          ...tail,
        };
      }
      rev = event.rev;
      const before = revs[rev - 2];
      const after = event.fields!;
      const fields: JsonObject = {};
      for (const name of new Set([...Object.keys(before ?? {}), ...Object.keys(after)])) {
        const oldValue = before?.[name];
        const newValue = after[name];
        if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
        fields[name] = {
          ...(oldValue !== undefined ? { oldValue } : {}),
          ...(newValue !== undefined ? { newValue } : {}),
        };
      }
      const relations: JsonObject =
        rev === 1 && item.parentId !== undefined
          ? { relations: { added: [{ rel: HIERARCHY_REVERSE, url: workItemUrl(item.parentId) }] } }
          : {};
      return { ...common, rev, revisedBy: by, revisedDate: revisedDate(rev), fields, ...relations, ...tail };
    });
  }

  function workItem(located: Located, fields: string[] | null, expand: string): JsonObject {
    const { project, item } = located;
    const all = currentFields(project, item);
    const chosen: JsonObject = {};
    for (const name of fields ?? Object.keys(all)) {
      // Field names are matched case-insensitively and answered in their canonical form.
      const key = Object.keys(all).find((known) => known.toLowerCase() === name.toLowerCase());
      if (key !== undefined) chosen[key] = all[key]!;
    }
    const links: JsonObject =
      expand === 'links' || expand === 'all'
        ? {
            _links: {
              self: { href: workItemUrl(item.id) },
              workItemUpdates: { href: `${workItemUrl(item.id)}/updates` },
              workItemRevisions: { href: `${workItemUrl(item.id)}/revisions` },
              html: { href: item.link ?? `${base()}/web/wi.aspx?pcguid=${collectionId}&id=${item.id}` },
            },
          }
        : {};
    return { id: item.id, rev: item.history.length, fields: chosen, ...links, url: workItemUrl(item.id) };
  }

  function findProject(name: string): SimProject {
    const wanted = name.toLowerCase();
    const project = data.projects.find((p) => p.key.toLowerCase() === wanted || guid(`project:${p.key}`) === wanted);
    if (!project)
      throw new ApiError(
        404,
        `TF200016: The following project does not exist: ${name}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`,
        'ProjectDoesNotExistWithNameException',
      );
    return project;
  }

  function checkTeam(project: SimProject, name: string | undefined): void {
    if (name === undefined) return;
    const { id, name: teamName } = team(project);
    if (name.toLowerCase() !== teamName.toLowerCase() && name.toLowerCase() !== id)
      throw new ApiError(
        404,
        `The team with id or name '${name}' does not exist in project '${project.key}'.`,
        'TeamNotFoundException',
      );
  }

  function findWorkItem(id: number, project: SimProject | null): Located | null {
    const located = workItems.get(id);
    return located && (!project || located.project === project) ? located : null;
  }

  const noSuchWorkItem = (id: number) =>
    new ApiError(
      404,
      `TF401232: Work item ${id} does not exist, or you do not have permissions to read it.`,
      'WorkItemUnauthorizedAccessException',
    );

  function workItemsAnswer(project: SimProject | null, request: JsonObject): Json {
    const ids = request['ids'];
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id)))
      throw new ApiError(400, 'The ids parameter is required: a list of work item ids.', 'ArgumentException');
    if (ids.length > MAX_BATCH)
      throw new ApiError(
        400,
        `VS402337: The number of work items requested (${ids.length}) exceeds the maximum of ${MAX_BATCH}.`,
        'WorkItemTrackingQueryResultSizeLimitExceededException',
      );
    const fields = request['fields'];
    if (
      fields !== undefined &&
      fields !== null &&
      !(Array.isArray(fields) && fields.every((f) => typeof f === 'string'))
    )
      throw new ApiError(400, 'The fields parameter must be a list of field reference names.', 'ArgumentException');
    const expand = String(request['$expand'] ?? 'none').toLowerCase();
    if (Array.isArray(fields) && fields.length > 0 && expand !== 'none')
      throw new ApiError(
        400,
        'The expand parameter can not be used with the fields parameter.',
        'ConflictingParametersException',
      );
    const omit = String(request['errorPolicy'] ?? 'fail').toLowerCase() === 'omit';
    const value = (ids as number[]).map((id) => {
      const located = findWorkItem(id, project);
      if (located)
        return workItem(located, Array.isArray(fields) && fields.length ? (fields as string[]) : null, expand);
      if (omit) return null;
      throw noSuchWorkItem(id);
    });
    return { count: value.length, value };
  }

  function nonNegative(raw: string | null, name: string): number | null {
    if (raw === null || raw === '') return null;
    if (!/^\d+$/.test(raw)) throw new ApiError(400, `The value of ${name} is not a valid number.`, 'ArgumentException');
    return Number(raw);
  }

  /** Routes one authenticated request; `segments` come after the collection. */
  function route(method: string, segments: string[], query: URLSearchParams, body: JsonObject | null): Json {
    const apis = segments.findIndex((segment) => segment.toLowerCase() === '_apis');
    if (apis < 0 || apis > 2) throw new ApiError(404, 'The resource cannot be found.', 'NotFound');
    const scope = segments.slice(0, apis);
    const path = segments.slice(apis + 1);
    const at = path.map((segment) => segment.toLowerCase()).join('/');
    const expect = (wanted: string) => {
      if (method !== wanted)
        throw new ApiError(405, `The requested resource does not support http method '${method}'.`, 'MethodNotAllowed');
    };

    if (scope.length === 0 && path.length === 2 && path[0]!.toLowerCase() === 'projects') {
      expect('GET');
      const project = findProject(path[1]!);
      const { id, name } = projectRef(project);
      return {
        id,
        name,
        description: project.name,
        url: `${base()}/_apis/projects/${id}`,
        state: 'wellFormed',
        revision: 1,
        visibility: 'private',
        lastUpdateTime: '2030-05-01T08:00:00Z',
        _links: {
          self: { href: `${base()}/_apis/projects/${id}` },
          collection: { href: `${base()}/_apis/projectCollections/${collectionId}` },
          web: { href: `${base()}/${encodeURIComponent(project.key)}` },
        },
        defaultTeam: { ...team(project), url: `${base()}/_apis/projects/${id}/teams/${team(project).id}` },
      };
    }

    const project = scope[0] !== undefined ? findProject(scope[0]) : null;
    if (at === 'work/teamsettings/iterations' || /^work\/teamsettings\/iterations\/[^/]+\/workitems$/.test(at)) {
      expect('GET');
      if (!project) throw new ApiError(404, 'The resource cannot be found.', 'NotFound');
      checkTeam(project, scope[1]);
      const teamUrl = `${base()}/${projectRef(project).id}/${team(project).id}/_apis/work/teamsettings/iterations`;
      if (path.length === 3) {
        const value = project.sprints.map((sprint) => {
          const id = iterationId(project, sprint);
          return {
            id,
            name: sprint.name,
            path: `${project.key}\\${sprint.name}`,
            attributes: {
              startDate: sprint.startDate ? `${sprint.startDate}T00:00:00Z` : null,
              finishDate: sprint.endDate ? `${sprint.endDate}T00:00:00Z` : null,
              timeFrame: sprint.state === 'closed' ? 'past' : sprint.state === 'active' ? 'current' : 'future',
            },
            url: `${teamUrl}/${id}`,
          };
        });
        return { count: value.length, value };
      }
      const wanted = path[3]!.toLowerCase();
      const sprint = project.sprints.find((s) => iterationId(project, s) === wanted);
      if (!sprint)
        throw new ApiError(
          404,
          `VS402495: The iteration with identifier ${path[3]} does not exist for team ${team(project).name}.`,
          'NotFound',
        );
      const items = project.items.filter((item) => item.sprintId === sprint.id);
      const inSprint = new Set(items.map((item) => item.id));
      const ref = (id: number) => ({ id, url: workItemUrl(id) });
      const relations: Json[] = [];
      const addChildren = (parent: SimItem) => {
        for (const child of items.filter((item) => item.parentId === parent.id)) {
          relations.push({ rel: HIERARCHY_FORWARD, source: ref(parent.id), target: ref(child.id) });
          addChildren(child);
        }
      };
      for (const item of items.filter((i) => i.parentId === undefined || !inSprint.has(i.parentId))) {
        relations.push({ rel: null, source: null, target: ref(item.id) });
        addChildren(item);
      }
      const self = `${base()}/${encodeURIComponent(project.key)}/_apis/work/teamsettings/iterations/${wanted}`;
      return {
        workItemRelations: relations,
        url: `${self}/workitems`,
        _links: { self: { href: `${self}/workitems` }, iteration: { href: self } },
      };
    }

    if (scope.length > 1) throw new ApiError(404, 'The resource cannot be found.', 'NotFound');
    if (at === 'wit/workitemsbatch') {
      expect('POST');
      return workItemsAnswer(project, body ?? {});
    }
    if (at === 'wit/workitems') {
      expect('GET');
      const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
      if (!ids.every((id) => /^\d+$/.test(id)))
        throw new ApiError(400, 'The ids parameter must be a comma-separated list of numbers.', 'ArgumentException');
      const fields = (query.get('fields') ?? '').split(',').filter(Boolean);
      return workItemsAnswer(project, {
        ids: ids.map(Number),
        ...(fields.length ? { fields } : {}),
        ...(query.has('$expand') ? { $expand: query.get('$expand') } : {}),
        ...(query.has('errorPolicy') ? { errorPolicy: query.get('errorPolicy') } : {}),
      });
    }
    const updatesPath = /^wit\/workitems\/(\d+)\/updates$/.exec(at);
    if (updatesPath) {
      expect('GET');
      const id = Number(updatesPath[1]);
      const located = findWorkItem(id, project);
      if (!located) throw noSuchWorkItem(id);
      const skip = nonNegative(query.get('$skip'), '$skip') ?? 0;
      const top = Math.min(nonNegative(query.get('$top'), '$top') ?? pageSize, pageSize);
      const value = updates(located.project, located.item).slice(skip, skip + top);
      return { count: value.length, value };
    }
    throw new ApiError(404, `The resource '${segments.join('/')}' cannot be found.`, 'NotFound');
  }

  function checkApiVersion(method: string, query: URLSearchParams): void {
    const version = query.get('api-version');
    if (version === null) {
      if (method === 'GET') return;
      throw new ApiError(
        400,
        `No api-version was supplied for the "${method}" request. The version must be supplied either as part of the Accept header (e.g. "application/json; api-version=1.0") or as a query parameter (e.g. "?api-version=1.0").`,
        'VssVersionNotSpecifiedException',
      );
    }
    const match = /^(\d+)\.(\d+)(-preview(\.\d+)?)?$/.exec(version);
    if (!match) throw new ApiError(400, `The api-version '${version}' is not valid.`, 'VssInvalidApiVersionException');
    if (Number(`${match[1]}.${match[2]}`) > MAX_API_VERSION)
      throw new ApiError(
        400,
        `The requested REST API version of ${version} is out of range for this server. The latest REST API version this server supports is ${MAX_API_VERSION}.`,
        'VssVersionOutOfRangeException',
      );
  }

  /** Throws the answer Azure gives a request that is not signed in with a valid PAT. */
  function authenticate(request: http.IncomingMessage): void {
    const header = request.headers.authorization ?? '';
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const pat = colon >= 0 ? decoded.slice(colon + 1) : '';
    const account = pat ? data.accounts.find((a) => a.token === pat) : undefined;
    if (account?.expired) {
      const message = 'Access Denied: The Personal Access Token used has expired.';
      throw new ApiError(401, message, 'AccessCheckException', { 'x-tfs-serviceerror': encodeURIComponent(message) });
    }
    if (account) return;
    if (String(request.headers['x-tfs-fedauthredirect'] ?? '').toLowerCase() === 'suppress') {
      const message = "TF400813: The user '' is not authorized to access this resource.";
      throw new ApiError(401, message, 'UnauthorizedRequestException', {
        'www-authenticate':
          'Bearer authorization_uri=https://login.microsoftonline.com/common, Basic realm="https://dev.azure.com/"',
        'x-tfs-serviceerror': encodeURIComponent(message),
      });
    }
    throw new SignInPage();
  }

  const json = (status: number, body: Json, headers: Record<string, string> = {}): Answer => ({
    status,
    body,
    headers,
  });

  function answer(request: http.IncomingMessage, raw: string | null): Answer {
    if (raw === null) return { status: 413, body: 'Request body too large', headers: { 'content-type': 'text/plain' } };
    const url = new URL(request.url ?? '/', origin);
    try {
      const method = request.method ?? 'GET';
      const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment);
      const prefix = segments.slice(0, collection.length).map((s) => s.toLowerCase());
      if (prefix.join('/') !== collection.join('/').toLowerCase())
        throw new ApiError(404, `The organization or collection '${prefix.join('/')}' was not found.`, 'NotFound');
      const seconds = limits.next();
      if (seconds !== undefined)
        throw new ApiError(
          429,
          "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'WorkItemTrackingResource' in namespace 'User'.",
          'RequestBlockedException',
          {
            'retry-after': String(seconds),
            'x-ratelimit-resource': 'ATCPU',
            'x-ratelimit-delay': '0.000',
            'x-ratelimit-limit': '200',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + seconds),
          },
        );
      authenticate(request);
      checkApiVersion(method, url.searchParams);
      let body: JsonObject | null = null;
      if (raw.length > 0) {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new ApiError(400, 'The request body must be a JSON object.', 'ArgumentException');
        body = parsed as JsonObject;
      }
      return json(200, route(method, segments.slice(collection.length), url.searchParams, body));
    } catch (error) {
      if (error instanceof SignInPage)
        return { status: 203, body: SIGN_IN_PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } };
      if (error instanceof ApiError) return json(error.status, exceptionBody(error), error.headers);
      if (error instanceof SyntaxError)
        return json(400, exceptionBody(new ApiError(400, error.message, 'ArgumentException')));
      throw error;
    }
  }

  const served = await serve(
    {
      port: options.port,
      json: 'application/json; charset=utf-8; api-version=7.1',
      failed: (error) => json(500, exceptionBody(new ApiError(500, String(error), 'InternalServerError'))),
    },
    answer,
  );
  origin = served.origin;

  return {
    url: base(),
    limitNext: limits.add,
    expire: (token) => expireToken(data, token),
    requests: served.requests,
    close: served.close,
  };
}

function exceptionBody(error: ApiError): JsonObject {
  return {
    $id: '1',
    innerException: null,
    message: error.message,
    typeName: `Microsoft.TeamFoundation.Framework.Server.${error.typeKey}, Microsoft.TeamFoundation.Framework.Server`,
    typeKey: error.typeKey,
    errorCode: 0,
    eventId: 3000,
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, `The path segment '${segment}' is not valid.`, 'ArgumentException');
  }
}
