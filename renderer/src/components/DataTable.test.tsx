import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { StaticTable, type Column } from './DataTable';

type Person = { id: number; name: string; hours: number };

const people: Person[] = [
  { id: 1, name: 'Chidi', hours: 7.5 },
  { id: 2, name: 'Asha', hours: 9 },
  { id: 3, name: 'Bruno', hours: 12 },
];

const columns: Column<Person>[] = [
  { key: 'name', label: 'Name', sortValue: (p) => p.name, render: (p) => p.name },
  { key: 'hours', label: 'Hours', sortValue: (p) => p.hours, render: (p) => `${p.hours} h` },
  { key: 'actions', label: 'Actions', hideLabel: true, render: (p) => <button type="button">Open {p.name}</button> },
];

/** The body rows' first cells, top to bottom. */
function namesInOrder(): string[] {
  const table = screen.getByRole('table', { name: 'Team hours' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

describe('StaticTable (the static mode of the app tables)', () => {
  it('shows the rows it is given, in order, with their row attributes, under labelled headers', () => {
    renderWithProviders(
      <StaticTable
        label="Team hours"
        rows={people}
        columns={columns}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-id': p.id })}
      />,
    );
    expect(namesInOrder()).toEqual(['Chidi', 'Asha', 'Bruno']);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Hours', '']);
    // A column of row buttons is named for screen readers only.
    expect(headers[2]!.getAttribute('aria-label')).toBe('Actions');
    expect(screen.getByRole('button', { name: 'Open Asha' }).closest('tr')?.getAttribute('data-id')).toBe('2');
  });

  it('sorts in the browser by a column, text by letters and numbers by value, and turns the order over', async () => {
    renderWithProviders(
      <StaticTable
        label="Team hours"
        rows={people}
        columns={columns}
        rowKey={(p) => p.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
      />,
    );
    expect(namesInOrder()).toEqual(['Asha', 'Bruno', 'Chidi']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(namesInOrder()).toEqual(['Chidi', 'Bruno', 'Asha']);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');

    // By number, not by text: "12 h" after "9 h".
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Hours/ })).getByRole('button'));
    expect(namesInOrder()).toEqual(['Chidi', 'Asha', 'Bruno']);
  });

  it('does not sort without a default sort, and a column without a sort value never sorts', () => {
    renderWithProviders(<StaticTable label="Team hours" rows={people} columns={columns} rowKey={(p) => p.id} />);
    expect(screen.queryAllByRole('button', { name: /Name|Hours/ })).toEqual([]);
  });

  it('shows skeleton rows hidden from screen readers while loading', () => {
    renderWithProviders(
      <StaticTable label="Team hours" rows={people} columns={columns} rowKey={(p) => p.id} loading busy />,
    );
    const table = screen.getByRole('table', { name: 'Team hours' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).queryByText('Asha')).toBeNull();
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(4);
  });

  it('shows the empty state instead of the table when there are no rows', () => {
    renderWithProviders(
      <StaticTable
        label="Team hours"
        rows={[]}
        columns={columns}
        rowKey={(p) => p.id}
        empty={{ icon: null, title: 'No hours yet', body: 'Hours appear after the first check-in.' }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No hours yet')).toBeTruthy();
    expect(screen.getByText('Hours appear after the first check-in.')).toBeTruthy();
  });
});
