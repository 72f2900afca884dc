import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { Metric } from './parts';

afterEach(() => {
  applyLanguage('en');
});

describe('a task’s metric', () => {
  it('shows a null metric as not measured, never as 0', () => {
    const { container } = renderWithProviders(<Metric value={null} />);
    expect(container.textContent).toBe('—');
    expect(screen.getByRole('img', { name: 'Not measured' }).getAttribute('title')).toBe('Not measured');
  });

  it('says not measured in French', () => {
    applyLanguage('fr');
    renderWithProviders(<Metric value={null} hours />);
    expect(screen.getByRole('img', { name: 'Non mesuré' })).toBeTruthy();
  });

  it('shows a count and hours as measured, 0 included', () => {
    const { container, unmount } = renderWithProviders(<Metric value={0} />);
    expect(container.textContent).toBe('0');
    unmount();
    expect(renderWithProviders(<Metric value={12.5} hours />).container.textContent).toBe('12.5 h');
  });
});
