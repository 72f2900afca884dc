import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEAVE_DOC_PATH, renderLeaveDoc } from './leave-doc.js';

describe('docs/leave-workflow.md', () => {
  it('is current (run `npm run docs:leave` after changing shared/leave.ts)', () => {
    expect(readFileSync(LEAVE_DOC_PATH, 'utf8')).toBe(renderLeaveDoc());
  });
});
