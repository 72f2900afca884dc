import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { apiError } from '../test/api-error';
import { renderWithProviders } from '../test/render';
import { QueryState, type QueryLike } from './QueryState';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: () => undefined, ...state };
}

const names = (data: string[]) => (
  <ul>
    {data.map((n) => (
      <li key={n}>{n}</li>
    ))}
  </ul>
);

describe('QueryState', () => {
  it('shows a labelled spinner while loading, and not the content', () => {
    renderWithProviders(
      <QueryState query={query<string[]>({ isPending: true })} label="Loading teams" children={names} />,
    );
    expect(screen.getByText('Loading teams')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows skeleton lines named by the label when asked', () => {
    renderWithProviders(<QueryState query={query({ isPending: true })} label="Loading teams" skeleton />);
    expect(screen.getByLabelText('Loading teams')).toBeTruthy();
    expect(screen.queryByText('Loading teams')).toBeNull();
  });

  it('shows the content once there is data', () => {
    renderWithProviders(
      <QueryState query={query({ data: ['Core', 'Sales'] })} label="Loading teams" children={names} />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Core', 'Sales']);
    expect(screen.queryByText('Loading teams')).toBeNull();
  });

  it("shows a failure's message for its code with a Retry button that refetches", async () => {
    const refetch = vi.fn();
    renderWithProviders(
      <QueryState
        query={query<string[]>({
          isPending: true,
          isError: true,
          error: apiError(404, 'NOT_FOUND', 'Team 9 not found'),
          refetch,
        })}
        label="Loading teams"
        children={names}
      />,
    );
    expect(screen.getByText(MESSAGES.NOT_FOUND)).toBeTruthy();
    // A failed first load shows the error, not the spinner as well.
    expect(screen.queryByText('Loading teams')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the data it had on screen under the error of a failed refetch', () => {
    renderWithProviders(
      <QueryState
        query={query<string[]>({ data: ['Core'], isError: true, error: apiError(500, 'INTERNAL', 'boom') })}
        label="Loading teams"
        children={names}
      />,
    );
    // A server error shows the generic text, never the server's own.
    expect(screen.getByText(MESSAGES.INTERNAL)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('Core');
  });

  it('shows only the loading and error states without children', () => {
    const { container } = renderWithProviders(<QueryState query={query({ data: ['Core'] })} label="Loading teams" />);
    expect(container.textContent).toBe('');
  });
});
