import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

/** Saves a full-page screenshot to e2e/artifacts/<name>-<scheme>.png (git-ignored) for people to look at. */
export async function snapshot(page: Page, name: string, scheme: 'light' | 'dark'): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Let transitions and toasts settle so the picture shows the page, not an animation frame.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${scheme}.png`), fullPage: true });
}
