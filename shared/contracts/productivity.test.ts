import { describe, expect, it } from 'vitest';
import { reportFileName, validateProductivityRange } from './productivity.js';

describe('validateProductivityRange', () => {
  const today = '2026-11-23';
  it('accepts ranges up to two years ending today', () => {
    expect(validateProductivityRange({ from: '2024-11-23', to: today }, today)).toEqual({});
    expect(validateProductivityRange({ from: today, to: today }, today)).toEqual({});
  });

  it('refuses longer ranges on To', () => {
    expect(validateProductivityRange({ from: '2024-11-22', to: today }, today)).toEqual({
      to: 'The range can be at most two years',
    });
  });

  it('keeps the date filter’s own rules first', () => {
    expect(validateProductivityRange({ from: '2026-11-10', to: '2026-11-24' }, today)).toEqual({
      to: 'The date cannot be after today',
    });
    expect(validateProductivityRange({ from: '2026-11-10', to: '2026-11-01' }, today)).toEqual({
      from: 'From cannot be after To',
    });
  });
});

describe('reportFileName', () => {
  it('names the report and its range', () => {
    expect(reportFileName('leave-report', '2026-01-01', '2026-03-31')).toBe(
      'teambeat-leave-report-2026-01-01-to-2026-03-31.csv',
    );
  });
});
