/**
 * A whole organisation in one call: a tenant with its seeded roles, named people (each with their roles, a
 * signed-in token, an Api and the typed client's `as`), teams of them, and the tenant's row factories.
 *
 *   const org = await organisation(server, {
 *     people: { emp: ['Employee'], lead: ['Team Lead'], hr: ['HR'] },
 *     teams: { Core: ['emp', 'lead'] },
 *   });
 *   await org.people.emp.api.post('/api/attendance/check-in', {});
 *   await server.client.call(endpoints.listLeaveTypes, {}, { as: org.people.hr });
 *
 * Without `people`, the organisation has an administrator, HR, a team lead and a member; without `teams`, one
 * team "Core" of the team lead and the member (when both exist). A person's e-mail is `<key>@<domain>` and
 * their name the key in capitals unless given.
 */
import type { Team, Tenant } from '../src/db/schema.js';
import { createTenant, type EmployeeOverrides, type Factories, type Row } from './factories.js';
import type { Api, TestServer } from './harness.js';

/** Seeded role names, or everything an employee factory takes (roles, grants, teams, columns). */
export type PersonSpec = string[] | EmployeeOverrides;

export type Person = Row<'employees'> & { token: string; api: Api };

export type Organisation<P extends string, T extends string> = {
  tenant: Tenant;
  tenantId: number;
  domain: string;
  roleIds: Map<string, number>;
  f: Factories;
  people: Record<P, Person>;
  teams: Record<T, Team>;
  /** One more person, signed in. */
  person: (key: string, spec?: PersonSpec) => Promise<Person>;
};

const DEFAULT_PEOPLE = {
  admin: ['Administrator'],
  hr: ['HR'],
  lead: ['Team Lead'],
  member: ['Employee'],
} satisfies Record<string, PersonSpec>;

type DefaultPerson = keyof typeof DEFAULT_PEOPLE;

type Options = {
  name?: string;
  domain?: string;
  /** Sign everyone in (default); false leaves tokens empty, for tests that never call the API as them. */
  signIn?: boolean;
  /** false: none of the categories every new company starts with, for tests that build their own. */
  feedbackCatalogue?: boolean;
};

export function organisation(server: TestServer, options?: Options): Promise<Organisation<DefaultPerson, 'Core'>>;
export function organisation<P extends string, T extends string = never>(
  server: TestServer,
  options: Options & {
    people: Record<P, PersonSpec>;
    /** Team name -> its members' keys. */
    teams?: Record<T, NoInfer<P>[]>;
  },
): Promise<Organisation<P, T>>;
export async function organisation(
  server: TestServer,
  options: Options & { people?: Record<string, PersonSpec>; teams?: Record<string, string[]> } = {},
): Promise<Organisation<string, string>> {
  const { tenant, roleIds } = await createTenant(
    server.db,
    {
      ...(options.name ? { name: options.name } : {}),
      ...(options.domain ? { emailDomain: options.domain } : {}),
    },
    server.now(),
    { feedbackCatalogue: options.feedbackCatalogue ?? true },
  );
  const f = server.factories(tenant.id);
  const peopleSpec: Record<string, PersonSpec> = options.people ?? DEFAULT_PEOPLE;
  const teamsSpec = options.teams ?? (options.people ? {} : { Core: ['lead', 'member'] });

  const person = async (key: string, spec: PersonSpec = []): Promise<Person> => {
    const overrides: EmployeeOverrides = Array.isArray(spec) ? { roles: spec } : spec;
    const row = await f.employee({
      email: `${key}@${tenant.emailDomain}`,
      name: key.toUpperCase(),
      ...overrides,
    });
    const canSignIn = options.signIn !== false && row.passwordHash !== null && row.status === 'active';
    const token = canSignIn ? await server.signIn(row.email) : '';
    return { ...row, token, api: server.api(token || undefined) };
  };

  const people: Record<string, Person> = {};
  for (const [key, spec] of Object.entries(peopleSpec)) people[key] = await person(key, spec);
  const teams: Record<string, Team> = {};
  for (const [name, members] of Object.entries(teamsSpec)) {
    teams[name] = await f.team({ name, memberIds: members.map((key) => people[key]!.id) });
  }
  return { tenant, tenantId: tenant.id, domain: tenant.emailDomain, roleIds, f, people, teams, person };
}
