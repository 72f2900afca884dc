/**
 * The organisations the feedback suites build, written once: the colleagues they start from, the world of
 * two teams that personal feedback and its Overview read, and the company of their own catalogue with the
 * other company whose rows must stay out of reach.
 */
import type { TestServer } from './harness.js';
import { organisation, type PersonSpec } from './organisation.js';

/** Three employees, their team lead and HR. */
export const colleagues = {
  ann: ['Employee'],
  bob: ['Employee'],
  cem: ['Employee'],
  lead: ['Team Lead'],
  hr: ['HR'],
} satisfies Record<string, PersonSpec>;

/** The colleagues but HR in team Core; an outsider and another team lead in team Other. */
export const feedbackWorld = (server: TestServer) =>
  organisation(server, {
    people: { ...colleagues, outsider: ['Employee'], other: ['Team Lead'] },
    teams: { Core: ['ann', 'bob', 'cem', 'lead'], Other: ['outsider', 'other'] },
  });

export type FeedbackPerson = keyof Awaited<ReturnType<typeof feedbackWorld>>['people'];

/** Company Acme without the seeded catalogue, for suites that build one named as their assertions read it. */
export const acmeOwnCatalogue = { feedbackCatalogue: false, name: 'Acme', domain: 'acme.example' } as const;

/** Another company, with only its administrator: its rows must never reach Acme's people. */
export const otherCompany = (server: TestServer) =>
  organisation(server, {
    name: 'Other',
    domain: 'other.example',
    feedbackCatalogue: false,
    people: { admin: ['Administrator'] },
  });
