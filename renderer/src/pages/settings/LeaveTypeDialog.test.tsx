/**
 * The leave type dialog in French (issue #17): its texts, the kind labels and the rules line come from
 * the settings namespace in the interface's language; no English text is left.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeaveType } from '../../../../shared/contracts/leave';
import { applyLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { LeaveTypeDialog } from './LeaveTypeDialog';

const sick = {
  id: 7,
  name: 'Maladie',
  kind: 'quota',
  icon: 'calendar',
  yearlyQuota: 10,
  minNoticeDays: 3,
  allowBackdated: false,
  maxDaysPerRequest: 2,
  isActive: true,
} as LeaveType;

describe('LeaveTypeDialog', () => {
  afterEach(() => {
    applyLanguage('en');
  });

  it('speaks French when the interface is in French', async () => {
    applyLanguage('fr');
    renderWithProviders(<LeaveTypeDialog type={null} onClose={() => {}} />);
    expect(await screen.findByText('Ajouter un type de congé')).toBeTruthy();
    expect(screen.getByText('Règles des demandes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
    expect(screen.getByText('Préavis minimum (jours)')).toBeTruthy();
    expect(screen.queryByText('Add leave type')).toBeNull();
    expect(screen.queryByText('Rules for requests')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("writes an existing type's rules line in French, and in English by default", () => {
    applyLanguage('fr');
    const { unmount } = renderWithProviders(<LeaveTypeDialog type={sick} onClose={() => {}} />);
    expect(screen.getByTestId('rules-preview').textContent).toBe(
      'Au moins 3 jours de préavis · jusqu’à 2 jours ouvrés par demande',
    );
    expect(screen.getByText('Modifier Maladie')).toBeTruthy();
    unmount();
    applyLanguage('en');
    renderWithProviders(<LeaveTypeDialog type={sick} onClose={() => {}} />);
    // The English line is the one shared/leave.ts writes (and e2e/leave-rules.spec.ts reads).
    expect(screen.getByTestId('rules-preview').textContent).toBe(
      "At least 3 days' notice · up to 2 working days per request",
    );
  });

  it('hides the yearly quota of a compensatory type and says its days are earned', () => {
    const { unmount } = renderWithProviders(
      <LeaveTypeDialog type={{ ...sick, name: 'Comp', kind: 'compensatory' }} onClose={() => {}} />,
    );
    expect(screen.getByTestId('compensatory-earned').textContent).toMatch(/^No yearly quota: each weekend day/);
    expect(screen.queryByText('Yearly quota (working days)')).toBeNull();
    unmount();
    renderWithProviders(<LeaveTypeDialog type={sick} onClose={() => {}} />);
    expect(screen.getByText('Yearly quota (working days)')).toBeTruthy();
    expect(screen.queryByTestId('compensatory-earned')).toBeNull();
  });
});
