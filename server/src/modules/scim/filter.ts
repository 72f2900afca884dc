/**
 * SCIM filters and attribute paths (RFC 7644 §3.4.2.2 and §3.5.2): a small parser of our own, and a
 * compiler of its tree into SQL over the columns a resource maps its attributes to.
 *
 * Grammar: `attrPath op value`, `attrPath pr`, `filter and filter`, `filter or filter`, `not (filter)`,
 * `(filter)` and value paths `emails[type eq "work"]`, with `and` binding tighter than `or`. Operators
 * eq ne co sw ew gt ge lt le pr; values are JSON strings, numbers, true, false or null. Attribute names are
 * case-insensitive and may carry their schema's URN (`urn:ietf:params:scim:schemas:core:2.0:User:userName`).
 * Anything else is a 400 with scimType invalidFilter (or invalidPath for a PATCH path).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SCIM_ENTERPRISE_USER, SCIM_GROUP, SCIM_USER } from '../../../../shared/contracts/scim.js';
import { scimErrors } from './errors.js';

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'compare'; attr: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; attr: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'valuePath'; attr: string; filter: Filter };

const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_DEPTH = 20;

type Token = { type: 'word'; text: string } | { type: 'value'; value: FilterValue } | { type: '(' | ')' | '[' | ']' };

/** Schema URNs an attribute may be prefixed with; the enterprise extension's keep a marker. */
function stripUrn(name: string): string {
  const lower = name.toLowerCase();
  for (const urn of [SCIM_USER, SCIM_GROUP]) {
    const prefix = `${urn.toLowerCase()}:`;
    if (lower.startsWith(prefix)) return lower.slice(prefix.length);
  }
  const enterprise = `${SCIM_ENTERPRISE_USER.toLowerCase()}:`;
  if (lower.startsWith(enterprise)) return `enterprise:${lower.slice(enterprise.length)}`;
  return lower;
}

const ATTR = /^[a-z$][\w$-]*(\.[a-z$][\w$-]*)?$/;

function attrName(text: string, fail: (detail: string) => Error): string {
  const name = stripUrn(text);
  const bare = name.startsWith('enterprise:') ? name.slice('enterprise:'.length) : name;
  if (!ATTR.test(bare)) throw fail(`"${text}" is not an attribute name.`);
  return name;
}

function tokenize(input: string, fail: (detail: string) => Error): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw fail('A string is not closed.');
      try {
        tokens.push({ type: 'value', value: JSON.parse(input.slice(i, j + 1)) as string });
      } catch {
        throw fail('A string has an invalid escape.');
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !' \t()[]"'.includes(input[j]!)) j++;
      const text = input.slice(i, j);
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === 'false') tokens.push({ type: 'value', value: lower === 'true' });
      else if (lower === 'null') tokens.push({ type: 'value', value: null });
      else if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) tokens.push({ type: 'value', value: Number(text) });
      else tokens.push({ type: 'word', text });
      i = j;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly fail: (detail: string) => Error,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private keyword(word: string): boolean {
    const t = this.peek();
    if (t?.type === 'word' && t.text.toLowerCase() === word) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(type: ')' | ']'): void {
    if (this.peek()?.type !== type) throw this.fail(`Expected "${type}".`);
    this.pos++;
  }

  done(): boolean {
    return this.pos >= this.tokens.length;
  }

  rest(): Token[] {
    return this.tokens.slice(this.pos);
  }

  or(depth: number): Filter {
    if (depth > MAX_DEPTH) throw this.fail('The filter is nested too deeply.');
    let left = this.and(depth);
    while (this.keyword('or')) left = { kind: 'or', left, right: this.and(depth) };
    return left;
  }

  private and(depth: number): Filter {
    let left = this.unary(depth);
    while (this.keyword('and')) left = { kind: 'and', left, right: this.unary(depth) };
    return left;
  }

  private unary(depth: number): Filter {
    if (this.keyword('not')) {
      if (this.peek()?.type !== '(') throw this.fail('"not" must be followed by "(".');
      return { kind: 'not', filter: this.unary(depth + 1) };
    }
    const t = this.peek();
    if (t?.type === '(') {
      this.pos++;
      const inner = this.or(depth + 1);
      this.expect(')');
      return inner;
    }
    if (t?.type !== 'word') throw this.fail('Expected an attribute name.');
    this.pos++;
    const attr = attrName(t.text, this.fail);
    if (this.peek()?.type === '[') {
      this.pos++;
      const inner = this.or(depth + 1);
      this.expect(']');
      return { kind: 'valuePath', attr, filter: inner };
    }
    const op = this.peek();
    if (op?.type !== 'word') throw this.fail(`Expected an operator after "${t.text}".`);
    this.pos++;
    const name = op.text.toLowerCase();
    if (name === 'pr') return { kind: 'present', attr };
    if (!COMPARE_OPS.has(name)) throw this.fail(`"${op.text}" is not a filter operator.`);
    const value = this.peek();
    if (value?.type !== 'value') throw this.fail(`Expected a value after "${op.text}".`);
    this.pos++;
    return { kind: 'compare', attr, op: name as CompareOp, value: value.value };
  }
}

/** Parses a `filter` query parameter; a 400 invalidFilter naming what is wrong otherwise. */
export function parseFilter(input: string): Filter {
  const fail = (detail: string) => scimErrors.invalidFilter(`Invalid filter: ${detail}`);
  const parser = new Parser(tokenize(input, fail), fail);
  if (parser.done()) throw fail('The filter is empty.');
  const filter = parser.or(0);
  if (!parser.done()) throw fail('Unexpected text after the filter.');
  return filter;
}

/** A PATCH path: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`, attribute names lower-cased. */
export type PatchPath = { attr: string; filter?: Filter; sub?: string };

export function parsePath(input: string): PatchPath {
  const fail = (detail: string) => scimErrors.invalidPath(`Invalid path "${input}": ${detail}`);
  const open = input.indexOf('[');
  if (open < 0) {
    const name = attrName(input.trim(), fail);
    const [attr, sub] = name.split('.') as [string, string | undefined];
    return sub === undefined ? { attr } : { attr, sub };
  }
  const close = input.lastIndexOf(']');
  if (close < open) throw fail('"[" is not closed.');
  const attr = attrName(input.slice(0, open).trim(), fail);
  if (attr.includes('.')) throw fail('A filter applies to a multi-valued attribute.');
  const parser = new Parser(tokenize(input.slice(open + 1, close), fail), fail);
  const filter = parser.or(0);
  if (!parser.done()) throw fail('Unexpected text in the filter.');
  const tail = input.slice(close + 1).trim();
  if (tail === '') return { attr, filter };
  if (!/^\.[A-Za-z$][\w$-]*$/.test(tail)) throw fail(`"${tail}" is not a sub-attribute.`);
  return { attr, filter, sub: tail.slice(1).toLowerCase() };
}

// ---- Evaluation in memory (PATCH value paths over a resource's multi-valued attribute) ----

const asText = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

/** Whether an object (an entry of a multi-valued attribute) matches a filter; strings compare ignoring case. */
export function matches(filter: Filter, item: Readonly<Record<string, unknown>>): boolean {
  const get = (attr: string) => {
    const key = Object.keys(item).find((k) => k.toLowerCase() === attr);
    return key === undefined ? undefined : item[key];
  };
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, item) && matches(filter.right, item);
    case 'or':
      return matches(filter.left, item) || matches(filter.right, item);
    case 'not':
      return !matches(filter.filter, item);
    case 'present': {
      const v = get(filter.attr);
      return v !== undefined && v !== null && v !== '';
    }
    case 'valuePath':
      throw scimErrors.invalidFilter('Invalid filter: value paths do not nest.');
    case 'compare': {
      const actual = asText(get(filter.attr));
      const expected = asText(filter.value);
      const s = typeof actual === 'string' && typeof expected === 'string';
      switch (filter.op) {
        case 'eq':
          return actual === expected;
        case 'ne':
          return actual !== expected;
        case 'co':
          return s && actual.includes(expected);
        case 'sw':
          return s && actual.startsWith(expected);
        case 'ew':
          return s && actual.endsWith(expected);
        default:
          return (
            s &&
            (filter.op === 'gt'
              ? actual > expected
              : filter.op === 'ge'
                ? actual >= expected
                : filter.op === 'lt'
                  ? actual < expected
                  : actual <= expected)
          );
      }
    }
  }
}

// ---- Compilation to SQL ----

export type Condition = RawBuilder<SqlBool>;
/** How one attribute becomes SQL: a comparison and a presence test. */
export type AttributeSql = {
  compare: (op: CompareOp, value: FilterValue) => Condition;
  present: () => Condition;
};
/** A resource's filterable attributes by lower-cased name (`emails.value`), and its value paths. */
export type AttributeMap = {
  attributes: Readonly<Record<string, AttributeSql>>;
  /** Multi-valued attributes whose entries a value path filters (`emails[type eq "work"]`). */
  valuePaths?: Readonly<Record<string, AttributeMap>>;
};

export const TRUE: Condition = sql<SqlBool>`1 = 1`;
export const FALSE: Condition = sql<SqlBool>`1 = 0`;

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const filterError = (detail: string) => scimErrors.invalidFilter(`Invalid filter: ${detail}`);

/** A text column; `caseExact: false` compares lower-cased (userName, e-mail, names). */
export function textColumn(ref: string, caseExact = false): AttributeSql {
  const column = caseExact ? sql`${sql.ref(ref)}` : sql`lower(${sql.ref(ref)})`;
  return {
    present: () => sql<SqlBool>`(${sql.ref(ref)} is not null and ${sql.ref(ref)} <> '')`,
    compare: (op, value) => {
      if (value === null) {
        if (op === 'eq') return sql<SqlBool>`${sql.ref(ref)} is null`;
        if (op === 'ne') return sql<SqlBool>`${sql.ref(ref)} is not null`;
      }
      if (typeof value !== 'string') throw filterError(`"${ref.split('.').pop()}" compares with a string.`);
      const v = caseExact ? value : value.toLowerCase();
      switch (op) {
        case 'eq':
          return sql<SqlBool>`${column} = ${v}`;
        case 'ne':
          return sql<SqlBool>`(${sql.ref(ref)} is null or ${column} <> ${v})`;
        case 'co':
          return sql<SqlBool>`${column} like ${`%${likeEscape(v)}%`} escape '\\'`;
        case 'sw':
          return sql<SqlBool>`${column} like ${`${likeEscape(v)}%`} escape '\\'`;
        case 'ew':
          return sql<SqlBool>`${column} like ${`%${likeEscape(v)}`} escape '\\'`;
        case 'gt':
          return sql<SqlBool>`${column} > ${v}`;
        case 'ge':
          return sql<SqlBool>`${column} >= ${v}`;
        case 'lt':
          return sql<SqlBool>`${column} < ${v}`;
        case 'le':
          return sql<SqlBool>`${column} <= ${v}`;
      }
    },
  };
}

/** A SCIM id: the row's integer id, compared as a string (anything not a plain decimal matches nothing). */
export function idColumn(ref: string): AttributeSql {
  return {
    present: () => TRUE,
    compare: (op, value) => {
      if (op !== 'eq' && op !== 'ne') throw filterError('"id" supports eq and ne.');
      const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
      if (op === 'eq') return id === null ? FALSE : sql<SqlBool>`${sql.ref(ref)} = ${id}`;
      return id === null ? TRUE : sql<SqlBool>`${sql.ref(ref)} <> ${id}`;
    },
  };
}

/** A boolean attribute over a condition (`active` is `status = 'active'`). */
export function booleanOf(condition: Condition, name: string): AttributeSql {
  return {
    present: () => TRUE,
    compare: (op, value) => {
      if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne'))
        throw filterError(`"${name}" compares with eq or ne and true or false.`);
      return value === (op === 'eq') ? condition : sql<SqlBool>`not (${condition})`;
    },
  };
}

/** An attribute every row holds with the same value (an e-mail's `type` is "work"). */
export function constant(value: string | boolean): AttributeSql {
  return {
    present: () => TRUE,
    compare: (op, expected) =>
      matches({ kind: 'compare', attr: 'v', op, value: expected }, { v: value }) ? TRUE : FALSE,
  };
}

/** The filter as one SQL condition over the resource's columns. */
export function compileFilter(filter: Filter, map: AttributeMap): Condition {
  switch (filter.kind) {
    case 'and':
      return sql<SqlBool>`(${compileFilter(filter.left, map)} and ${compileFilter(filter.right, map)})`;
    case 'or':
      return sql<SqlBool>`(${compileFilter(filter.left, map)} or ${compileFilter(filter.right, map)})`;
    case 'not':
      return sql<SqlBool>`not (${compileFilter(filter.filter, map)})`;
    case 'valuePath': {
      const inner = map.valuePaths?.[filter.attr];
      if (!inner) throw filterError(`"${filter.attr}" has no entries to filter.`);
      return compileFilter(filter.filter, inner);
    }
    case 'present':
    case 'compare': {
      const attribute = map.attributes[filter.attr];
      if (!attribute) throw filterError(`"${filter.attr}" cannot be filtered on.`);
      return filter.kind === 'present' ? attribute.present() : attribute.compare(filter.op, filter.value);
    }
  }
}
