import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACTIVITY_KEYS,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  type ActivityKey,
  type PermissionName,
} from '../../../../shared/permissions';
import { resources } from '../../../../shared/i18n';
import { applyLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { ActivityPicker, PermissionPicker } from './PermissionPicker';

const noop = () => undefined;

describe('PermissionPicker in French (people namespace)', () => {
  afterEach(() => {
    act(() => void applyLanguage('en'));
  });

  it('shows groups, counts, permissions and activities in French, keyed by their stable names', async () => {
    act(() => void applyLanguage('fr'));
    const selected = new Set<PermissionName>(['view-employees', 'add-employee']);
    renderWithProviders(
      <>
        <PermissionPicker selected={selected} grantable={new Set(PERMISSION_NAMES)} onChange={noop} />
        <ActivityPicker selected={new Set<ActivityKey>()} onChange={noop} />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Activités' })).toBeTruthy();
    expect(screen.getByText('Gestion des employés')).toBeTruthy();
    expect(screen.queryByText('Employee management')).toBeNull();
    expect(screen.getByText('2 sur 5')).toBeTruthy();
    expect(screen.queryByText('2 of 5')).toBeNull();
    expect(screen.getByText('Carte de présence du jour avec pointage d’arrivée et de départ')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Gestion des employés/ }));
    expect(screen.getByText('Ouvrir l’annuaire des employés')).toBeTruthy();
    expect(screen.queryByText('Open the Employee Directory')).toBeNull();
    expect(screen.getByText('Tout « Gestion des employés »')).toBeTruthy();
  });

  it('has an English and a French label for every permission group, permission and activity', () => {
    for (const language of ['en', 'fr'] as const) {
      const { permissionGroups, permissions, activities } = resources[language].people;
      for (const group of PERMISSION_GROUPS) expect(permissionGroups[group], group).toBeTruthy();
      for (const name of PERMISSION_NAMES) expect(permissions[name], name).toBeTruthy();
      for (const key of ACTIVITY_KEYS) expect(activities[key], key).toBeTruthy();
    }
  });
});
