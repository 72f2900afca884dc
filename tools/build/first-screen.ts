/**
 * What the first screen (the sign-in page, issue #18) loads before anything is asked: the modules reached from the
 * renderer's entry and the sign-in page's chunk by static imports, following our own files and naming the packages
 * they import. Dynamic `import()` is a chunk loaded on demand and is not followed; `import type` and `export type`
 * are erased and not followed either. Any other import is kept by the build (verbatimModuleSyntax keeps even an
 * import whose every name is a `type`, as a side-effect import), so it is followed.
 * first-screen.test.ts holds the first screen to what it must do without; `npm run -s measure:sign-in` weighs it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type FirstScreen = {
  /** Our own files reached, relative to the repository, each with the file that first imported it. */
  files: Map<string, string | null>;
  /** Packages imported (by name: `zod`, `@fluentui/react-components`), each with a file that imports it. */
  packages: Map<string, string>;
};

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The renderer's entry and the sign-in page's chunk (App.tsx loads it at /login). */
export const FIRST_SCREEN_ENTRIES = ['renderer/src/main.tsx', 'renderer/src/pages/login/AuthPage.tsx'];

function resolveFile(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(path.join(ROOT, from)), specifier.replace(/\.js$/, ''));
  const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((p) => existsSync(p));
  if (!found) throw new Error(`${from} imports ${specifier}, which resolves to no file`);
  return path.relative(ROOT, found);
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The specifiers of a file's imports and re-exports that stay in the built code. */
export function keptImports(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const kept: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      kept.push((statement.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      kept.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return kept;
}

export function firstScreen(entries: readonly string[] = FIRST_SCREEN_ENTRIES): FirstScreen {
  const files = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of keptImports(readFileSync(path.join(ROOT, file), 'utf8'), file)) {
      if (!specifier.startsWith('.')) {
        if (!packages.has(packageName(specifier))) packages.set(packageName(specifier), file);
        continue;
      }
      const target = resolveFile(file, specifier);
      if (files.has(target)) continue;
      files.set(target, file);
      queue.push(target);
    }
  }
  return { files, packages };
}

/** How `file` is reached from an entry: entry → … → file. */
export function importChain(screen: FirstScreen, file: string): string {
  const chain: string[] = [];
  for (let at: string | null | undefined = file; at; at = screen.files.get(at)) chain.unshift(at);
  return chain.join(' → ');
}
