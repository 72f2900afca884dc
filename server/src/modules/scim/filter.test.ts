import { describe, expect, it } from 'vitest';
import { matches, parseFilter, parsePath } from './filter.js';

const scimTypeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { details?: { scimType?: string } }).details?.scimType;
  }
  return 'no error';
};

describe('parseFilter', () => {
  it('reads what Entra ID and Okta send', () => {
    expect(parseFilter('userName eq "ada@acme.example"')).toEqual({
      kind: 'compare',
      attr: 'username',
      op: 'eq',
      value: 'ada@acme.example',
    });
    expect(parseFilter('externalId eq "0f9c-1"')).toMatchObject({ attr: 'externalid', op: 'eq', value: '0f9c-1' });
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName EQ "x"')).toMatchObject({
      attr: 'username',
      op: 'eq',
    });
    expect(
      parseFilter('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "E1"'),
    ).toMatchObject({ attr: 'enterprise:employeenumber' });
  });

  it('binds and tighter than or, and reads not, parentheses, pr, value paths and literals', () => {
    expect(parseFilter('a eq 1 or b eq true and c pr')).toEqual({
      kind: 'or',
      left: { kind: 'compare', attr: 'a', op: 'eq', value: 1 },
      right: {
        kind: 'and',
        left: { kind: 'compare', attr: 'b', op: 'eq', value: true },
        right: { kind: 'present', attr: 'c' },
      },
    });
    expect(parseFilter('not (active eq false) and (x sw "a" or y ew "b")')).toMatchObject({
      kind: 'and',
      left: { kind: 'not', filter: { attr: 'active', value: false } },
      right: { kind: 'or' },
    });
    expect(parseFilter('emails[type eq "work" and value co "@acme"]')).toMatchObject({
      kind: 'valuePath',
      attr: 'emails',
      filter: { kind: 'and' },
    });
    expect(parseFilter('displayName eq "say \\"hi\\""')).toMatchObject({ value: 'say "hi"' });
    expect(parseFilter('x eq null')).toMatchObject({ value: null });
  });

  it.each([
    '',
    'userName',
    'userName eq',
    'userName like "x"',
    'userName eq "open',
    '(userName eq "x"',
    'userName eq "x" extra',
    'not userName eq "x"',
    'emails[type eq "work"',
    '1abc eq "x"',
    `${'('.repeat(30)}a eq 1${')'.repeat(30)}`,
  ])('refuses the malformed filter %j with invalidFilter', (bad) => {
    expect(scimTypeOf(() => parseFilter(bad))).toBe('invalidFilter');
  });
});

describe('parsePath', () => {
  it('reads plain, sub-attribute, URN and value-filter paths', () => {
    expect(parsePath('active')).toEqual({ attr: 'active' });
    expect(parsePath('name.givenName')).toEqual({ attr: 'name', sub: 'givenname' });
    expect(parsePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber')).toEqual({
      attr: 'enterprise:employeenumber',
    });
    expect(parsePath('emails[type eq "work"].value')).toEqual({
      attr: 'emails',
      filter: { kind: 'compare', attr: 'type', op: 'eq', value: 'work' },
      sub: 'value',
    });
    expect(parsePath('members[value eq "12"]')).toMatchObject({ attr: 'members', filter: { value: '12' } });
  });

  it.each(['', 'emails[type eq "work"', 'name.givenName[x eq 1]', 'emails[type eq "work"]value', 'a b'])(
    'refuses the malformed path %j with invalidPath',
    (bad) => {
      expect(scimTypeOf(() => parsePath(bad))).toBe('invalidPath');
    },
  );
});

describe('matches', () => {
  it('evaluates a filter against an entry, ignoring case of names and strings', () => {
    const email = { value: 'Ada@Acme.example', type: 'work', primary: true };
    expect(matches(parseFilter('type eq "WORK"'), email)).toBe(true);
    expect(matches(parseFilter('Value co "acme" and primary eq true'), email)).toBe(true);
    expect(matches(parseFilter('type eq "home" or not (value sw "ada")'), email)).toBe(false);
    expect(matches(parseFilter('display pr'), email)).toBe(false);
  });
});
