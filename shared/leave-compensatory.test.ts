import { describe, expect, it } from 'vitest';
import { compensatoryMinimumMinutes, earnedCompensatoryDays, leaveAllowance } from './leave.js';

const calendar = { weekendDays: [0, 6], holidays: new Set(['2026-06-10']), hoursPerDay: 8 };
const day = (workDate: string, workedMinutes: number | null) => ({ workDate, workedMinutes });

describe('compensatory leave', () => {
  it('needs half the working day, at least a minute', () => {
    expect(compensatoryMinimumMinutes(8)).toBe(240);
    expect(compensatoryMinimumMinutes(7.5)).toBe(225);
    expect(compensatoryMinimumMinutes(0)).toBe(1);
  });

  it('earns one day per weekend day or holiday worked half a day or more', () => {
    const earned = (rows: ReturnType<typeof day>[]) => earnedCompensatoryDays(rows, calendar);
    expect(earned([day('2026-06-13', 240)])).toBe(1); // Saturday, exactly half
    expect(earned([day('2026-06-13', 600)])).toBe(1); // longer still earns one
    expect(earned([day('2026-06-14', 239)])).toBe(0); // Sunday, short
    expect(earned([day('2026-06-10', 300)])).toBe(1); // Wednesday, a holiday
    expect(earned([day('2026-06-11', 600)])).toBe(0); // an ordinary Thursday
    expect(earned([day('2026-06-13', null)])).toBe(0); // still open
    expect(earned([day('2026-06-13', 120), day('2026-06-13', 120), day('2026-06-14', 480)])).toBe(2); // parts add up
    expect(earnedCompensatoryDays([day('2026-06-12', 480)], { ...calendar, weekendDays: [5, 6] })).toBe(1); // Friday off
  });

  it('allows the earned days for compensatory types, the quota for quota types, no limit for unpaid', () => {
    expect(leaveAllowance({ kind: 'compensatory', yearlyQuota: 5 }, 2)).toBe(2);
    expect(leaveAllowance({ kind: 'quota', yearlyQuota: 5 }, 2)).toBe(5);
    expect(leaveAllowance({ kind: 'unpaid', yearlyQuota: 0 }, 2)).toBeNull();
  });
});
