/**
 * Answers serialised from their response schemas (issue #18). zod validated every answer on its way out
 * and then JSON.stringify wrote it: the validation cost twice the writing. In service an answer is now
 * copied along its schema, keeping only the fields the contract names (so one it does not name still
 * cannot leak), then written; the schema is walked once per route, not per answer. The test harness turns
 * `validateResponses` on: every answer is then also checked by zod as before, and the two texts must be
 * the same, so a contract the handler drifted from, or a schema this copy mistakes, fails the API suites.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodType = z.core.$ZodType;
type Copy = (value: unknown) => unknown;

/** Keeps the value as it is: what zod answers for it too, for a valid one. */
const SAME: Copy = (value) => value;

/** Kinds whose valid values zod gives back unchanged (an `overwrite` check aside: see `copier`). */
const UNCHANGED = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'date',
  'enum',
  'literal',
  'any',
  'unknown',
  'nan',
  'symbol',
  'template_literal',
  'custom',
]);

/**
 * How to copy values of `schema` as zod would answer them. Kinds zod may change a value for (defaults,
 * transforms, pipes, overwrite checks such as trim) and kinds whose copy would need zod's own choice
 * (unions, intersections, records, tuples, recursive schemas) are left to zod for that part of the answer.
 */
export function copier(schema: ZodType, byZod: (schema: ZodType) => Copy): Copy {
  const done = new Map<ZodType, Copy>();
  const open = new Set<ZodType>();
  const of = (s: ZodType): Copy => {
    let copy = done.get(s);
    if (copy) return copy;
    if (open.has(s)) return byZod(s);
    open.add(s);
    copy = build(s);
    open.delete(s);
    done.set(s, copy);
    return copy;
  };
  const build = (s: ZodType): Copy => {
    // Every zod schema is one of zod's kinds; the union lets the switch read each kind's own fields.
    const def = (s as z.core.$ZodTypes)._zod.def;
    if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return byZod(s);
    if (UNCHANGED.has(def.type)) return SAME;
    switch (def.type) {
      case 'nullable': {
        const inner = of(def.innerType);
        return inner === SAME ? SAME : (value) => (value === null ? null : inner(value));
      }
      case 'optional':
      case 'nonoptional':
      case 'readonly': {
        const inner = of(def.innerType);
        return inner === SAME ? SAME : (value) => (value === undefined ? undefined : inner(value));
      }
      case 'array': {
        const element = of(def.element);
        return element === SAME ? SAME : (value) => (Array.isArray(value) ? value.map((item) => element(item)) : value);
      }
      case 'object':
        return objectCopier(def, of);
      default:
        return byZod(s);
    }
  };
  return of(schema);
}

/** The shape's keys in the shape's order, as zod answers them; other keys only through a catchall. */
function objectCopier(def: z.core.$ZodObjectDef, of: (s: ZodType) => Copy): Copy {
  const fields = Object.entries(def.shape).map(([key, field]) => [key, of(field)] as const);
  const keys = new Set(Object.keys(def.shape));
  // A strict object refuses other keys (never): not copying them is the answer zod would have failed.
  const rest = def.catchall && def.catchall._zod.def.type !== 'never' ? of(def.catchall) : undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, copy] of fields) {
      const field = input[key];
      if (field !== undefined) out[key] = copy(field);
    }
    if (rest)
      for (const key in input) {
        if (!keys.has(key) && key !== '__proto__' && input[key] !== undefined) out[key] = rest(input[key]);
      }
    return out;
  };
}

/** zod's own encoding of one part of an answer, failing as the route's whole answer would. */
function zodPart(method: string, url: string) {
  return (schema: ZodType): Copy =>
    (value) => {
      const result = z.safeEncode(schema, value);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
}

/** Fastify's serializer compiler: copies along the schema, or with `validate` zod checks too (tests). */
export function responseSerializerCompiler(options: {
  validate: boolean;
}): FastifySerializerCompiler<ZodType | { properties: ZodType }> {
  return (route) => {
    // zod's compiler, as before: it also refuses a schema that is not zod's, at start.
    const byZod = zodSerializerCompiler(route);
    const { schema, method, url } = route;
    const copy = copier(schema instanceof z.core.$ZodType ? schema : schema.properties, zodPart(method, url));
    const fast = (data: unknown) => JSON.stringify(copy(data));
    if (!options.validate) return fast;
    return (data: unknown) => {
      const checked = byZod(data);
      const written = fast(data);
      if (written !== checked)
        throw new Error(`${method} ${url}: the copied answer ${written} is not zod's ${checked}`);
      return checked;
    };
  };
}
