/** Answers copied along their schemas write what zod writes, and nothing the contract does not name. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/contracts/common.js';
import { meResponseSchema } from '../../../shared/contracts/tenant.js';
import { DEFAULT_TENANT_SETTINGS } from '../../../shared/settings.js';
import { responseSerializerCompiler } from './serialize.js';

function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/api/x' };
  return {
    fast: responseSerializerCompiler({ validate: false })(route),
    checked: responseSerializerCompiler({ validate: true })(route),
    zod: (data: unknown) => JSON.stringify(z.encode(schema, data)),
  };
}

/** The copy writes zod's text, and the checking serializer agrees with both. */
function expectSame(schema: z.ZodType, data: unknown): string {
  const { fast, checked, zod } = serializers(schema);
  const text = zod(data);
  expect(fast(data)).toBe(text);
  expect(checked(data)).toBe(text);
  return text;
}

const item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  owner: z.object({ id: z.number(), email: z.string() }).nullable(),
  extra: z.string().optional(),
});

describe('answers copied along their schema', () => {
  it('drop every field the contract does not name, at every depth, in the shape order', () => {
    const data = {
      secret: 'x',
      tags: ['a'],
      id: 1,
      name: 'N',
      note: null,
      owner: { email: 'e@x', id: 2, passwordHash: 'h' },
      nested: { secret: true },
    };
    expect(expectSame(item, data)).toBe('{"id":1,"name":"N","note":null,"tags":["a"],"owner":{"id":2,"email":"e@x"}}');
    expect(expectSame(z.array(item), [data, { ...data, owner: null, extra: 'e' }])).not.toContain('secret');
  });

  it("leave to zod what zod would change or choose: trim, unions, records, defaults' absence", () => {
    expect(expectSame(z.object({ list: z.array(z.string().trim()) }), { list: [' a ', 'b'] })).toBe(
      '{"list":["a","b"]}',
    );
    const union = z.object({ value: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]) });
    expect(expectSame(union, { value: { b: 'x', a: 'not a number', c: 1 } })).toBe('{"value":{"b":"x"}}');
    expect(
      expectSame(z.object({ map: z.record(z.string(), item.pick({ id: true })) }), { map: { k: { id: 1, x: 2 } } }),
    ).toBe('{"map":{"k":{"id":1}}}');
  });

  it('keep the other keys of a loose object and refuse those of a strict one as zod does', () => {
    expect(expectSame(z.looseObject({ a: z.number() }), { b: 2, a: 1 })).toBe('{"a":1,"b":2}');
    const strict = serializers(z.strictObject({ a: z.number() }));
    expect(strict.fast({ a: 1, b: 2 })).toBe('{"a":1}');
    expect(() => strict.checked({ a: 1, b: 2 })).toThrow();
  });

  it('write the error shape and GET /api/me as zod did', () => {
    expectSame(errorResponseSchema, { error: { code: 'X', message: 'm', details: { fields: [{ path: 'a' }] } } });
    expectSame(errorResponseSchema, { error: { code: 'X', message: 'm' }, stack: 'never sent' });
    expectSame(meResponseSchema, {
      employee: {
        id: 1,
        email: 'a@b.example',
        name: 'A',
        image: null,
        employeeIdentificationNo: 'E1',
        legacyId: null,
        isSettingProfile: false,
        language: null,
        teams: [{ id: 2, name: 'T', memberCount: 3 }],
        userTeams: '2',
        tenantId: 9,
      },
      permissions: ['view-profile'],
      activities: [],
      tenant: {
        id: 9,
        name: 'B',
        emailDomain: 'b.example',
        logo: null,
        settings: { ...DEFAULT_TENANT_SETTINGS, office_networks: [' 10.0.0.0/8'] },
        accessVersion: 4,
      },
    });
  });

  it('with validation on, refuse an answer that breaks its contract, as before', () => {
    expect(() => serializers(item).checked({ id: 'one', name: 'N', note: null, tags: [], owner: null })).toThrow();
  });
});
