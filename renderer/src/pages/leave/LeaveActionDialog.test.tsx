/**
 * The leave action dialog in French: its title, verb, summary (working days, French month names), field and
 * the reason rule come from the catalogue's French texts, and no English text is left on screen. Pressing
 * the action without a reason sends nothing, so the dialog needs no server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeaveRequest } from '../../../../shared/contracts/leave';
import { LEAVE_ACTION, LEAVE_STATUS } from '../../../../shared/leave';
import { applyLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { LeaveActionDialog } from './LeaveActionDialog';
import { StatusBadge } from './leave-ui';

const request: LeaveRequest = {
  id: 7,
  employee: { id: 3, name: 'Omar Haddad' },
  leaveType: { id: 2, name: 'Annual', kind: 'quota', icon: 'beach' },
  startDate: '2030-06-12',
  endDate: '2030-06-14',
  days: 3,
  reason: 'Family',
  status: LEAVE_STATUS.PENDING_PO,
  statusLabel: 'Pending PO approval',
  isAuto: false,
  createdAt: '2030-06-01T09:00:00.000Z',
  events: [],
};

describe('leave screens in French', () => {
  beforeEach(() => {
    applyLanguage('fr');
  });
  afterEach(() => {
    applyLanguage('en');
  });

  it('shows the approval dialog in French, with French dates and the reason rule', async () => {
    renderWithProviders(
      <LeaveActionDialog pending={{ request, action: LEAVE_ACTION.APPROVE, text: 'approve' }} onClose={() => {}} />,
    );
    expect(await screen.findByRole('alertdialog', { name: 'Approuver ce congé' })).toBeTruthy();
    expect(screen.getByText('Omar Haddad · Annual · 12-juin-2030 – 14-juin-2030 · 3 jours ouvrés')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeTruthy();
    expect(screen.queryByText('Approve this leave')).toBeNull();
    expect(screen.queryByText(/working days/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Un motif est obligatoire.')).toBeTruthy();
    expect(screen.queryByText('A reason is required.')).toBeNull();
  });

  it('labels a status by its number in French, not with the English label the API sent', () => {
    renderWithProviders(<StatusBadge status={request.status} label={request.statusLabel} />);
    expect(screen.getByText('En attente d’approbation chef d’équipe / PO')).toBeTruthy();
    expect(screen.queryByText('Pending PO approval')).toBeNull();
  });
});
