import { describe, expect, it } from 'vitest';
import {
  commonPasswordForms,
  emailDomain,
  emailSchema,
  isCommonPassword,
  isoDateSchema,
  isStrongPassword,
} from './validation.js';
import { isValidTimeZone, tenantSettingsSchema, DEFAULT_TENANT_SETTINGS } from './settings.js';
import { PERMISSIONS, PERMISSION_GROUPS, PERMISSION_NAMES, ACTIVITY_KEYS } from './permissions.js';

describe('e-mail', () => {
  it('takes the domain after the at sign, empty without one', () => {
    expect(emailDomain('Ann@Acme.Example')).toBe('acme.example');
    expect(emailDomain('no-at-sign')).toBe('');
    expect(emailDomain('a@b@c.example')).toBe('c.example');
  });

  it('accepts standard addresses case-insensitively', () => {
    expect(emailSchema.parse('  Ann@Acme.Example ')).toBe('ann@acme.example');
    for (const bad of ['ann', 'ann@', '@acme.example', 'ann@acme', 'a n@acme.example'])
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('strong password', () => {
  it.each([
    ['Abcde1!', true],
    ['Abcd1!', false], // not longer than 6
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Abc def1!', false],
    ['Pässwört1!', true],
  ])('%s → %s', (password, strong) => expect(isStrongPassword(password)).toBe(strong));
});

describe('tenant settings', () => {
  it('defaults are valid and match the spec', () => {
    expect(tenantSettingsSchema.parse(DEFAULT_TENANT_SETTINGS)).toEqual(DEFAULT_TENANT_SETTINGS);
    expect(DEFAULT_TENANT_SETTINGS).toMatchObject({
      attendence_edit_allow_limit: 10,
      tenant_timezone: 'Asia/Karachi',
      working_hours_per_day: 8,
      break_hours_per_day: 1,
      wfo_required_percentage: 50,
    });
  });

  it('knows IANA zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('permission catalogue', () => {
  it('puts every permission in a known group with a description', () => {
    for (const name of PERMISSION_NAMES) {
      expect(PERMISSION_GROUPS).toContain(PERMISSIONS[name].group);
      expect(PERMISSIONS[name].description.length).toBeGreaterThan(5);
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    for (const key of ACTIVITY_KEYS) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('contains the names the specs spell out', () => {
    for (const name of [
      'view-tenant-settings',
      'edit-notification-settings',
      'view-leave-management',
      'view-public-holidays',
    ]) {
      expect(PERMISSION_NAMES).toContain(name);
    }
    for (const key of ['give_badge', 'view_current_attendance', 'auto_leaves_config', 'setup_biotime_integration']) {
      expect(ACTIVITY_KEYS).toContain(key);
    }
  });
});

describe('dates', () => {
  it('reads an empty date as a missing field and a bad one as invalid, in words a user understands', () => {
    expect(isoDateSchema.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(isoDateSchema.safeParse('2026-13-01').error?.issues[0]?.message).toBe('Enter a valid date');
    expect(isoDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-12-01').data).toBe('2026-12-01');
  });
});

describe('common breached passwords', () => {
  const common = new Set(['password', 'summer', 'p@ssw0rd']);
  it.each(['Password', 'PASSWORD1!', 'Summer2024!', 'P@ssw0rd', 'P@SSW0RD#9'])('finds %j', (password) => {
    expect(isCommonPassword(password, common)).toBe(true);
  });
  it.each(['Str0ng!Pass', 'Summ3r!time', '1!Password', 'Sum1!'])('does not find %j', (password) => {
    expect(isCommonPassword(password, common)).toBe(false);
  });
  it('strips appended digits and symbols only when at least 4 letters remain', () => {
    expect(commonPasswordForms('Abc123!')).toEqual(['abc123!']);
    expect(commonPasswordForms('Summer2024!')).toEqual(['summer2024!', 'summer']);
  });
});
