/**
 * Keyboard and link behaviour of the frame (issue 11): the sidebar's entries are real links with the
 * current page marked, and Home's shortcut cards open with Enter and Space (the administrator of the real
 * API, whose permissions fill the sidebar).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShortcutCard } from '../pages/home/HomePage';
import { sessionStatusAtom } from '../session/atoms';
import { renderWithProviders } from '../test/render';
import { forgetSession, signInToRealApi } from '../test/real-api';
import { Sidebar } from './Sidebar';

beforeAll(signInToRealApi);
afterAll(forgetSession);

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function signedIn() {
  const store = createStore();
  store.set(sessionStatusAtom, 'authenticated');
  return store;
}

describe('the sidebar', () => {
  it('lists links with addresses, marks the current page and follows a click or Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Provider store={signedIn()}>
        <MemoryRouter initialEntries={['/home']}>
          <Sidebar />
          <Where />
        </MemoryRouter>
      </Provider>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // The administrator's entries come with /api/me.
    const directory = await within(nav).findByRole('link', { name: 'Employee Directory' }, { timeout: 15_000 });
    const home = within(nav).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/home');
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);

    expect(directory.getAttribute('href')).toBe('/employee/management');
    expect(directory.getAttribute('aria-current')).not.toBe('page');
    await user.click(directory);
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/employee/management');
    await waitFor(() => expect(directory.getAttribute('aria-current')).toBe('page'));

    home.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/home');
  });
});

describe('Home’s shortcut cards', () => {
  function renderCard() {
    renderWithProviders(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="/home"
            element={
              <>
                <ShortcutCard to="/attendance" title="Attendance">
                  Attendance
                </ShortcutCard>
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('is a link reached by Tab and opened by Enter', async () => {
    const user = userEvent.setup();
    renderCard();
    const card = screen.getByRole('link', { name: 'Attendance' });
    expect(card.getAttribute('href')).toBe('/attendance');
    await user.tab();
    expect(document.activeElement).toBe(card);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/attendance');
  });

  it('opens with Space too', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/attendance');
  });
});
