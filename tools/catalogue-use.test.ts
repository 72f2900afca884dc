/**
 * Every English text is used somewhere: a key no code names is dead weight that translators keep up for
 * nothing (frame.changePassword once copied auth.changePassword). A key counts as used when the sources name
 * it (`dialog.checkIn`), build it from its parent (`status.${n}`), or read its parent as an object
 * (`common.duration` in format.ts). A text only some other language uses is caught by the parity test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '../shared/i18n/resources.js';

const ROOT = join(import.meta.dirname, '..');
const CATALOGUES = join(ROOT, 'shared', 'i18n');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || path === join(CATALOGUES, 'en') || path === join(CATALOGUES, 'fr')
        ? []
        : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

function keys(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof child === 'string' ? [path] : keys(child, path);
  });
}

describe('the English catalogue', () => {
  it('has no key the code never uses', () => {
    const code = ['renderer/src', 'server/src', 'shared', 'electron'].flatMap((d) => sources(join(ROOT, d))).join('\n');
    const unused: string[] = [];
    for (const [namespace, tree] of Object.entries(resources.en)) {
      // Error codes are looked up by the code the server answers, never named one by one.
      if (namespace === 'errors') continue;
      for (const key of new Set(keys(tree).map((k) => k.replace(/_(one|other)$/, '')))) {
        const parents = key
          .split('.')
          .map((_, i, parts) => parts.slice(0, i).join('.'))
          .filter(Boolean);
        const used =
          code.includes(key) || parents.some((p) => code.includes(`${p}.\${`) || code.includes(`${namespace}.${p}`));
        if (!used) unused.push(`${namespace}:${key}`);
      }
    }
    expect(unused).toEqual([]);
    // It searches the whole code base once per key: about 2 s idle, past the default 5 s on a loaded machine.
  }, 60_000);
});
