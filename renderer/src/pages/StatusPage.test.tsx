import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordRules } from '../components/PasswordFields';
import { applyLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { StatusPage } from './StatusPage';

describe('the status pages and shared components in French', () => {
  afterEach(() => {
    applyLanguage('en');
  });

  it('shows the 404 page in English by default', () => {
    applyLanguage('en');
    renderWithProviders(
      <MemoryRouter>
        <StatusPage kind="not-found" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'We can’t find that page' })).toBeTruthy();
    expect(document.title).toBe('We can’t find that page · Teambeat');
  });

  it('shows the 404 page, its buttons and the window title in French, and no English', () => {
    applyLanguage('fr');
    renderWithProviders(
      <MemoryRouter>
        <StatusPage kind="not-found" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Cette page est introuvable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aller à l’accueil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revenir en arrière' })).toBeTruthy();
    expect(document.title).toBe('Cette page est introuvable · Teambeat');
    expect(screen.queryByText('We can’t find that page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go to home' })).toBeNull();
  });

  it('spells the password rules out in French', () => {
    applyLanguage('fr');
    renderWithProviders(<PasswordRules password="abc" />);
    expect(screen.getByRole('list', { name: 'Exigences du mot de passe' })).toBeTruthy();
    expect(screen.getByText('Plus de 6 caractères')).toBeTruthy();
    expect(screen.getAllByText('(non respectée)').length).toBeGreaterThan(0);
    expect(screen.queryByText('More than 6 characters')).toBeNull();
  });
});
