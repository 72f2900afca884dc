import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceKeys, type AgentKey } from '../../api/hooks/devices';
import { applyLanguage } from '../../i18n';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { AgentKeysPanel } from './AgentKeysPanel';

const keys: AgentKey[] = [
  {
    id: 1,
    name: 'Reception PC',
    prefix: 'tbagent_ab12',
    createdAt: '2030-06-12T08:30:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
  },
];

/** The panel with its list already read: nothing is asked of a server. */
function renderPanel() {
  const queryClient = testQueryClient();
  queryClient.setQueryDefaults(deviceKeys.agentKeys, { staleTime: Infinity });
  queryClient.setQueryData(deviceKeys.agentKeys, { items: keys, total: keys.length });
  return renderWithProviders(<AgentKeysPanel />, queryClient);
}

describe('AgentKeysPanel in the person’s language', () => {
  afterEach(() => {
    applyLanguage('en');
  });

  it('speaks English by default', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Agent keys' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create agent key' })).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByText('12-Jun-2030', { exact: false })).toBeTruthy();
  });

  it('speaks French, with French month names, when French is chosen', () => {
    applyLanguage('fr');
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Clés d’agent' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer une clé d’agent' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Dernière utilisation' })).toBeTruthy();
    expect(screen.getByText('Jamais')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('12-juin-2030', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Never')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create agent key' })).toBeNull();
    expect(screen.queryByText('Last used')).toBeNull();
  });
});
