import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, ACTIVITY_KEYS } from '../../shared/permissions.js';
import { DOC_PATH, renderPermissionsDoc } from './permissions-doc.js';

describe('docs/permissions.md', () => {
  it('is current (run `npm run docs:permissions` after changing the catalogue or the seeded roles)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(renderPermissionsDoc());
  });

  it('lists every permission and activity key', () => {
    const doc = renderPermissionsDoc();
    for (const name of [...PERMISSION_NAMES, ...ACTIVITY_KEYS]) expect(doc).toContain(`\`${name}\``);
  });
});
