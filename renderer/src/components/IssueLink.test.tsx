import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { IssueLink, isWebAddress } from './IssueLink';

describe('IssueLink', () => {
  it('links an http(s) address in a new tab that gets no handle on the app', () => {
    renderWithProviders(<IssueLink issueId="WEB-12" href="https://web.example/browse/WEB-12" />);
    const link = screen.getByRole('link', { name: 'Open WEB-12 in the tracker' });
    expect(link.getAttribute('href')).toBe('https://web.example/browse/WEB-12');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('WEB-12');
  });

  it('shows any other address as the id in plain text', () => {
    for (const href of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://web.example/x', 'not a url', '']) {
      const { unmount, container } = renderWithProviders(<IssueLink issueId="WEB-12" href={href} />);
      expect(screen.queryByRole('link'), href).toBeNull();
      expect(container.textContent).toBe('WEB-12');
      unmount();
    }
  });

  it('takes only absolute http: and https: addresses', () => {
    expect(isWebAddress('http://tracker.example/WEB-1')).toBe(true);
    expect(isWebAddress('HTTPS://tracker.example/WEB-1')).toBe(true);
    expect(isWebAddress('/browse/WEB-1')).toBe(false);
    expect(isWebAddress('javascript:void(0)')).toBe(false);
    expect(isWebAddress('mailto:dev@web.example')).toBe(false);
  });
});
