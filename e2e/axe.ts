/**
 * Accessibility check of a page (issue #11, docs/accessibility.md): axe-core's WCAG 2.0 and 2.1 A and AA rules
 * run on what the page shows now, and a violation of impact "serious" or "critical" fails. Any spec may call
 * it; the a11y spec walks every page with it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/**
 * What AxeBuilder injects when axe-core is in the page already: nothing. axe-core stays in a document once
 * injected, and injecting its 650 kB again took seconds a run on two busy cores.
 */
const ALREADY_INJECTED = ';';

/** The serious and critical violations on the page, one readable line per element: rule, target, help. */
export async function axeViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  const results = await new AxeBuilder(injected ? { page, axeSource: ALREADY_INJECTED } : { page })
    .withTags(TAGS)
    // Fluent UI's focus manager (tabster) puts invisible "dummy inputs" (<i tabindex="0" aria-hidden="true"
    // data-tabster-dummy>) at the edges of tab lists, menus, dialogs and the sidebar: on focus they hand it
    // on to the real next element at once, so nobody lands on them. axe reports each as aria-hidden-focus;
    // they are excluded, nothing else.
    .exclude('[data-tabster-dummy]')
    // Only the violations are read: the passes and inapplicable rules are not gathered node by node.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself; the default (runPartial) opens a blank page to finish each run in. The app
    // has no frames for the partial mode to cross.
    .setLegacyMode(true)
    .analyze();
  const lines: string[] = [];
  for (const violation of results.violations) {
    if (!FAILING.has(violation.impact ?? '')) continue;
    for (const node of violation.nodes) {
      const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? '';
      lines.push(
        `[${violation.impact}] ${violation.id} at ${node.target.join(' ')}: ${violation.help}` +
          (summary ? ` (${summary})` : '') +
          ` ${violation.helpUrl}`,
      );
    }
  }
  return lines;
}
