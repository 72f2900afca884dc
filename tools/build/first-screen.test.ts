/**
 * The sign-in page's JavaScript stays small (issue #18, tools/bench/README.md "Renderer"): what it must do without
 * is kept out of its static imports, so one new import cannot bring it back unseen (sign-out's push once pulled
 * every notification and tenant contract, and zod with them, into the entry).
 */
import { describe, expect, it } from 'vitest';
import { firstScreen, importChain, keptImports } from './first-screen.js';

const screen = firstScreen();

/** Our modules the first screen does without: each is a chunk loaded when first needed. */
const LOADED_ON_DEMAND = [
  'renderer/src/components/DialogFrame.tsx', // Fluent's dialog: the unsaved-changes question is UnsavedDialog.tsx
  'renderer/src/components/UnsavedDialog.tsx',
  'renderer/src/components/toaster-host.tsx', // Fluent's toasts
  'renderer/src/components/ServerSetup.tsx', // the desktop's first start
  'renderer/src/pages/login/TenantAvatar.tsx', // Fluent's Avatar, on the second step
];

describe('the first screen', () => {
  it('reaches the sign-in forms and the packages it needs (the walk sees the real imports)', () => {
    expect(screen.files.has('renderer/src/pages/login/SignInForm.tsx')).toBe(true);
    expect(screen.files.has('renderer/src/session/SessionProvider.tsx')).toBe(true);
    for (const name of ['react-dom', 'react-router-dom', 'axios', 'i18next', '@fluentui/react-components'])
      expect(screen.packages.has(name), name).toBe(true);
  });

  it('carries no zod, no contract and no endpoint declaration', () => {
    expect(screen.packages.get('zod'), 'zod is imported by').toBeUndefined();
    const contracts = [...screen.files.keys()].filter(
      (file) =>
        file.startsWith('shared/contracts/') ||
        (file.startsWith('shared/endpoints/') && file !== 'shared/endpoints/define.ts'),
    );
    expect(contracts.map((file) => importChain(screen, file))).toEqual([]);
  });

  it('does without the modules loaded on demand', () => {
    const reached = LOADED_ON_DEMAND.filter((file) => screen.files.has(file));
    expect(reached.map((file) => importChain(screen, file))).toEqual([]);
  });
});

describe('keptImports', () => {
  it('drops `import type` and `export type`, and keeps every other import, even one of types only', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "import { c, type C } from './c';",
      "import './d';",
      "export type { E } from './e';",
      "export { f } from './f';",
      "const g = () => import('./g');",
    ].join('\n');
    expect(keptImports(source)).toEqual(['./b', './c', './d', './f']);
  });
});
