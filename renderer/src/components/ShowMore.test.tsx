import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ShowMore, type NextPages } from './ShowMore';

const pages = (state: Partial<NextPages>): NextPages => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
  ...state,
});

describe('ShowMore', () => {
  it('shows nothing once the last page is there', () => {
    renderWithProviders(<ShowMore query={pages({ hasNextPage: false })} label="Show more" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for the next page when pressed', async () => {
    const fetchNextPage = vi.fn();
    renderWithProviders(<ShowMore query={pages({ fetchNextPage })} label="Show more" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is disabled while the next page loads, and says so when given the words', () => {
    const { rerender } = renderWithProviders(
      <ShowMore query={pages({ isFetchingNextPage: true })} label="Show more" loading="Loading…" />,
    );
    const button = screen.getByRole('button', { name: 'Loading…' });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    rerender(<ShowMore query={pages({ isFetchingNextPage: true })} label="Show more" />);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });
});
