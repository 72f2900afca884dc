/**
 * Endpoints of the first screen (the session check on start, sign-in, sign-up, password reset) by their
 * method and path only. Importing a declaration imports its zod schemas, and zod is kept out of the
 * first screen's bundle (tools/build/first-screen.test.ts); the typed client needs nothing else at
 * run time. The types are still the declarations': a method or path that is not the declared one is a
 * compile error, and requests and answers are typed by the contract as with the declaration itself.
 */
import type { EndpointGroup } from '../../../../shared/endpoints/define';

/** `routesOf<typeof group>()` gives a function that types a `{ method, path }` as the group's endpoint. */
export function routesOf<G extends EndpointGroup>() {
  return <K extends keyof G & string>(_operationId: K, route: Pick<G[K], 'method' | 'path'>): G[K] => route as G[K];
}
