/**
 * The Check tab's form (issue 32) as a user fills it, shared by the specs that check a dataset or
 * an export in the page: the model, its level (k, p or l), m for k^m-anonymity, then Check.
 */
import type { Page } from '@playwright/test';

/** Fills the open Check tab's form and runs it; the verdict is the caller's to read. */
export async function runCheck(page: Page, model: string, level: string, m?: string): Promise<void> {
  await page.getByTestId('check-model').selectOption(model);
  await page.getByTestId('check-level').fill(level);
  if (m !== undefined) await page.getByTestId('check-m').fill(m);
  await page.getByTestId('run-check').click();
}
