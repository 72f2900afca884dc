/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, at GET /api/openapi.json, and Swagger
 * UI at /api/docs. Each operation carries `x-access` (public, signed-in or the permission it needs) and its
 * security requirement (none for public ones), so the document itself says who may call what. It lints
 * clean under Redocly's recommended rules (server/test/openapi.test.ts).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];
/** The parts of the generated document the steps below read (an OpenAPI 3.1 object). */
type Document = {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

/**
 * Operations are tagged by the first segment after /api. Every tag an operation uses is listed with its
 * description here; a new segment without one leaves its tag undescribed, which the lint test reports.
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Whether the API and its database answer.',
  desktop: 'The desktop app’s installers of the current version, from the configured release folder.',
  auth: 'Sign-in, sessions and token refresh, sign-up and password reset.',
  me: 'The signed-in employee, their permissions and the company’s public settings.',
  tenant: 'The company’s settings (General, Tenant, Demo data, Productivity and Notification tabs) and its logo.',
  'tenant-logos': 'The company logo as served to the header and the sign-in page (public, by a random id).',
  jobs: 'Runs of the scheduled jobs for this company.',
  employees: 'The Employee Directory: employees, their roles, teams and status.',
  teams:
    'Teams, their members with each team’s leads and product owners, and deactivation (docs/workforce.md, "Teams").',
  roles: 'Roles and the permissions they grant.',
  permissions: 'The catalogue of permissions and activities a role can grant.',
  'leave-types': 'Leave types with their quotas and rules.',
  holidays: 'Public holidays.',
  leave: 'Leave balances, approvers, calendar, rules and auto leaves.',
  'leave-requests': 'Leave requests and the approval workflow.',
  attendance: 'Check-in, breaks and check-out; attendance days, months and statistics.',
  breaks: 'Changing and deleting recorded breaks.',
  productivity: 'The productivity dashboard: hours, work from office and attendance.',
  reports: 'CSV reports.',
  devices:
    'ZKTeco biometric devices. A punch is identified by the device’s serial, user id and local time; its instant ' +
    'follows the device’s zone (a zone change moves it), and a drifting clock is shown and can be set.',
  'device-user-mappings': 'Which employee a device user id belongs to.',
  'device-punches': 'Device punches no employee is known for yet.',
  'device-agent-keys': 'Keys of the device agents on the office LAN.',
  adms: 'ADMS (push) devices: settings and devices waiting for approval.',
  agent:
    'Calls of the device agent, authenticated with an agent key. Punches carry the device’s local time, from ' +
    'which the server derives the instant; state reports carry the device clock’s drift.',
  feedback:
    'Personal feedback: giving it, the received and given lists, seen marks, reactions and the overview (docs/feedback.md).',
  'feedback-catalogue': 'Counts of the feedback categories and attributes (Feedback Management).',
  'feedback-categories': 'Feedback categories: name, synonyms, description, colour and status.',
  'feedback-attributes': 'Feedback attributes of the categories.',
  functions: 'Function Setup: functions, their members and the CSV report.',
  'feedback-requests': 'Asking for feedback: the ask dialog’s choices, the requests asked of me and mine, declining.',
  'feedback-flags': 'Flags on feedback: flagging, the review queues of reviewers and HR, final decisions.',
  'feedback-matrix':
    'The responsibility matrix: who is expected to give feedback to whom in a period (docs/feedback.md).',
  leaderboards:
    'Leaderboards by received feedback (company, category, attribute, team), one’s own place explained, reciprocal rings (docs/recognition.md).',
  biotime:
    'The BioTime integration: the connection to a company’s BioTime server, its check, and the pulls of its transactions into device punches (docs/devices.md).',
  home: 'The Home widgets: leaderboard, streak, frequency, hashtags, top attributes, rankings and team target.',
  badges:
    'Badges and recognition: Badge Control (categories, badges and their images, company and champion badges), giving, My badges and champions (docs/recognition.md).',
  'badge-categories': 'Badge Control’s categories: name and status.',
  notification:
    'Notifications and action items (feedback §7): the list with its counts, marking read, ignoring, each person’s channel settings, browser push subscriptions and the live event stream.',
  'leaderboard-videos':
    'Leaderboard videos: uploads by file or address checked with ffprobe, the review, likes and comments (docs/recognition.md).',
  feed: 'The news feed: shared feedback, badges, announcements and leaderboard videos, likes, comments, reports and their review (docs/recognition.md).',
  'badge-requests':
    'Contributions and recommendations for badges, their approval (approving gives the badge), stats and filters.',
  projects:
    'The Project Hub: projects, members and allocations, the tracker connection and its syncs, sprints with their data points, PBIs, tasks and the tracker’s people; project and sprint feedback: product owners’ ratings, client links, the sprint graph’s averages, lists and CSV (docs/projects.md).',
  'client-feedback':
    'A client’s page for one feedback link, without an account: what to rate, and the ratings, once per link (the token in the path is the credential; docs/projects.md).',
  'task-feedback':
    'Task feedback: giving it on a project’s task to its assignee, editing one’s own, the received and given lists, a task with its feedback, seen marks, requests and the overview with the task stats (docs/projects.md).',
  'scim-tokens': 'Provisioning tokens of the company’s identity provider (Settings, Provisioning).',
  storage:
    'Signed, short-lived links to upload and download stored files (local storage driver); the token in the query is the credential.',
  scim: 'SCIM 2.0 provisioning of employees (Users) and teams (Groups), called by the identity provider with a provisioning token; answers application/scim+json and fails with the SCIM error schema.',
};

/** Every `$ref` string in a JSON value. */
function refsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') out.add(inner);
      else refsIn(inner, out);
    }
  return out;
}

/**
 * Keeps only the component schemas the operations use, directly or through other schemas: the zod
 * registry yields an input and an output variant of every named contract, and most inputs are inlined.
 */
function withoutUnusedSchemas(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const pending = [...refsIn({ ...document, components: { ...document.components, schemas: {} } }, new Set())];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    if (used.has(name) || !(name in schemas)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** The tags the operations use, each with its description. */
function withTags(document: Document): Document {
  const used = new Set<string>();
  for (const byMethod of Object.values(document.paths ?? {}))
    for (const operation of Object.values(byMethod ?? {}))
      if (operation && typeof operation === 'object' && 'tags' in operation)
        for (const tag of (operation as { tags?: string[] }).tags ?? []) used.add(tag);
  const tags = [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' }));
  return { ...document, tags };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, which is what zod 4 emits for it (a nullable contract is
      // `anyOf [..., {type: null}]`, where 3.0's `nullable` would need a `type` beside it).
      openapi: '3.1.0',
      info: {
        title: 'Teambeat API',
        version: '1',
        description:
          'Every failure answers {"error":{"code","message","details"}}. Lists take page, pageSize (10, 25, 50, 100), orderKey, orderDir and searchText and answer {items, total}; leave request lists also take the older pageNumber.',
        // Not open source: the document states it, with an SPDX reference for a licence that is not on
        // the SPDX list.
        license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Teambeat-Proprietary' },
      },
      // The API answers on the origin that serves this document (the web app's own, or the company server
      // the desktop app points at); every path starts with /api.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Device agents: `Authorization: Agent <key>`, a key an administrator creates (docs/devices.md).
          agentKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
          // The identity provider: `Authorization: Bearer tbscim_…`, a token an administrator creates (docs/sso.md).
          scimToken: { type: 'http', scheme: 'bearer', description: 'A SCIM provisioning token (tbscim_…)' },
        },
      },
    },
    transform: (input: TransformInput) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const segment = input.url.split('/')[2] ?? 'api';
      const schema = { ...(out.schema as Record<string, unknown>), tags: [segment] } as Record<string, unknown>;
      // A raw body (the endpoint's `consumes`) is described for the document only: the route validates none.
      const consumes = input.route.config?.consumes;
      if (consumes) {
        schema['consumes'] = [consumes];
        schema['body'] = { type: 'string', format: 'binary', description: 'The file’s bytes' };
      }
      if (access) {
        schema['x-access'] = access;
        // Public operations say so with an empty requirement: no credentials.
        schema['security'] =
          access === 'public'
            ? []
            : access === 'device-agent'
              ? [{ agentKey: [] }]
              : access === 'scim'
                ? [{ scimToken: [] }]
                : [{ bearer: [] }];
      }
      return { ...out, schema } as ReturnType<typeof jsonSchemaTransform>;
    },
    transformObject: (input: TransformObjectInput) =>
      withTags(withoutUnusedSchemas(jsonSchemaTransformObject(input) as Document)) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
