/**
 * The month calendar in the interface's language: weekday names from the date locale, the day's facts and
 * a leave's status from the catalogue (by its stable value), durations in the language's format.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Attendance, MonthResponse } from '../../../../shared/contracts/attendance';
import { applyLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { MonthCalendar } from './MonthCalendar';

const attendance: Attendance = {
  id: 1,
  employeeId: 7,
  date: '2030-06-03',
  checkIn: '2030-06-03T07:00:00.000Z',
  checkOut: '2030-06-03T15:45:00.000Z',
  source: 'web',
  isWfo: false,
  breaks: [],
  workedMinutes: 465,
  breakMinutes: 30,
  missingCheckOut: false,
  updatedAt: '2030-06-03T15:45:00.000Z',
  updatedBy: null,
  correction: null,
};

const day = (date: string, over: Partial<MonthResponse['days'][number]> = {}): MonthResponse['days'][number] => ({
  date,
  isWeekend: false,
  holiday: null,
  leave: null,
  attendance: null,
  ...over,
});

const month: MonthResponse = {
  month: '2030-06',
  employeeId: 7,
  days: [
    day('2030-06-01', { isWeekend: true }),
    day('2030-06-03', { attendance }),
    day('2030-06-04'),
    // A single punch that never got its check-out: flagged, no hours.
    day('2030-06-06', {
      attendance: {
        ...attendance,
        id: 2,
        date: '2030-06-06',
        checkIn: '2030-06-06T04:05:00.000Z',
        checkOut: null,
        workedMinutes: 0,
        breakMinutes: 0,
        missingCheckOut: true,
      },
    }),
    day('2030-06-05', {
      leave: { requestId: 9, leaveType: 'Annual', icon: 'x', status: 1, statusLabel: 'Pending PO approval' },
    }),
  ],
  totals: {
    workingDays: 3,
    presentDays: 1,
    leaveDays: 0,
    absentDays: 1,
    wfoDays: 0,
    workedMinutes: 465,
    breakMinutes: 30,
    expectedMinutes: 1440,
  },
};

const show = () =>
  renderWithProviders(<MonthCalendar month={month} today="2030-06-10" selected={null} onSelect={() => undefined} />);

afterEach(() => {
  applyLanguage('en');
});

describe('MonthCalendar', () => {
  it('speaks English by default', () => {
    applyLanguage('en');
    show();
    expect(screen.getByRole('columnheader', { name: 'Mon' })).toBeTruthy();
    // In the calendar, and in its legend (with the WFO icon's key).
    expect(within(screen.getByRole('grid')).getByText('Weekend')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Work from office')).toBeTruthy();
    expect(screen.getByText('7h 45m')).toBeTruthy();
    expect(screen.getByText('break 30m')).toBeTruthy();
    expect(screen.getByText('Annual (pending)')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Attendance in June 2030' })).toBeTruthy();
  });

  it('flags a day whose check-out is missing, in both languages, with no hours and not as in progress', () => {
    applyLanguage('en');
    const { unmount } = show();
    const cell = screen.getByRole('gridcell', { name: '06-Jun-2030, worked 0m, Missing check-out' });
    expect(cell.querySelector('[data-testid="missing-check-out"]')?.textContent).toBe('Missing check-out');
    expect(screen.queryByText('in progress')).toBeNull();
    unmount();
    applyLanguage('fr');
    show();
    expect(screen.getByTestId('missing-check-out').textContent).toBe('Départ manquant');
  });

  it('shows weekdays, facts, durations and leave statuses in French, and none of the English texts', () => {
    applyLanguage('fr');
    show();
    expect(screen.getByRole('columnheader', { name: 'lun.' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Mon' })).toBeNull();
    expect(within(screen.getByRole('grid')).getByText('Week-end')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Légende' })).getByText('Travail au bureau')).toBeTruthy();
    expect(screen.queryByText('Weekend')).toBeNull();
    expect(screen.getByText('7 h 45 min')).toBeTruthy();
    expect(screen.getByText('pause 30 min')).toBeTruthy();
    expect(screen.getByText('Absent')).toBeTruthy();
    expect(screen.getByText('Annual (en attente)')).toBeTruthy();
    expect(screen.getByTitle('Annual : En attente d’approbation chef d’équipe / PO')).toBeTruthy();
    expect(screen.queryByTitle(/Pending PO approval/)).toBeNull();
    expect(screen.getByRole('grid', { name: 'Présence en juin 2030' })).toBeTruthy();
  });
});
