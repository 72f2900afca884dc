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

describe('DialogFrame returns the focus', () => {
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
