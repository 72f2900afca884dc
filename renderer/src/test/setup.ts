/**
 * Runs before each renderer test file. Testing Library unmounts what a test rendered after it. jsdom has
 * no layout and so no ResizeObserver, which Fluent's message bars observe their width with: a stand-in that
 * never reports a size (there is none to report) takes its place.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

if (!('ResizeObserver' in globalThis)) {
  class NoLayoutResizeObserver implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = NoLayoutResizeObserver;
}
