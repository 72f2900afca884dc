/**
 * A closed dialog gives the focus back to what opened it (issue 11): Fluent does so only for a
 * DialogTrigger, and the app's dialogs open from state.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { InfoDialog } from './DialogFrame';
import { RowMenu } from './RowActions';

/** A dialog mounted only while open, as most of the app's are. */
function Mounted() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show history
      </button>
      {open ? (
        <InfoDialog title="History" onClose={() => setOpen(false)}>
          Nothing yet
        </InfoDialog>
      ) : null}
    </>
  );
}

/** A dialog kept mounted and opened by its `open` prop. */
function Toggled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show history
      </button>
      <InfoDialog open={open} title="History" onClose={() => setOpen(false)}>
        Nothing yet
      </InfoDialog>
    </>
  );
}

/** A dialog opened from a row's menu: the menu item is gone once the menu closes. */
function FromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowMenu
        label="Actions for Omar"
        items={[{ label: 'Show history', icon: <span />, onClick: () => setOpen(true) }]}
      />
      {open ? (
        <InfoDialog title="History" onClose={() => setOpen(false)}>
          Nothing yet
        </InfoDialog>
      ) : null}
    </>
  );
}

describe('DialogFrame returns the focus', () => {
  it('to the menu button when a menu item opened it (the item has left the page)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FromMenu />);
    const trigger = screen.getByRole('button', { name: 'Actions for Omar' });
    await user.tab();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    // A click focuses the item first, as in a browser.
    await user.click(await screen.findByRole('menuitem', { name: 'Show history' }));
    await screen.findByRole('dialog', { name: 'History' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  for (const [name, Opener] of [
    ['mounted while open', Mounted],
    ['opened by its prop', Toggled],
  ] as const) {
    it(`to the button that opened it, closed by Escape or by its Close button (${name})`, async () => {
      const user = userEvent.setup();
      renderWithProviders(<Opener />);
      const opener = screen.getByRole('button', { name: 'Show history' });

      await user.tab();
      expect(document.activeElement).toBe(opener);
      await user.keyboard('{Enter}');
      await screen.findByRole('dialog', { name: 'History' });
      await waitFor(() => expect(document.activeElement).not.toBe(opener));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));

      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'History' });
      await user.click(dialog.querySelector('button:last-of-type') as HTMLButtonElement);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });
  }
});
