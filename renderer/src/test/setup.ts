/**
 * Runs before each renderer test file. Testing Library unmounts what a test rendered after it. jsdom has
 * no layout and so no ResizeObserver, which Fluent's message bars observe their width with: a stand-in that
 * never reports a size (there is none to report) takes its place. The app loads its texts per language and
 * namespace when first needed (docs/i18n.md); tests have both languages' every namespace loaded up front, so a
 * language applies at once (shared/i18n/lazy.test.ts tests the loading itself).
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { NAMESPACES } from '../../../shared/i18n/namespaces';
import { i18n } from '../i18n';

afterEach(cleanup);

if (!('ResizeObserver' in globalThis)) {
  class NoLayoutResizeObserver implements ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = NoLayoutResizeObserver;
}

await i18n.loadLanguages([...LANGUAGES]);
await i18n.loadNamespaces([...NAMESPACES]);
