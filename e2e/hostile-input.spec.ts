/**
 * Issue 21 in the page: a file that is not text, or holds no transaction, is refused with what was
 * found where, and the datasets already loaded stay as they were (the active one too).
 */
import { expect, test, type Page } from '@playwright/test';

/** Drops a file of these bytes on the drop zone, as a user drags one from their desktop. */
async function dropBytes(page: Page, name: string, bytes: number[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, data]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName));
      return transfer;
    },
    [name, bytes] as const,
  );
  await page.dispatchEvent('[data-testid=drop-zone]', 'drop', { dataTransfer });
}

const text = (s: string) => [...new TextEncoder().encode(s)];

test('binary, non-UTF-8 and empty files are refused; the loaded datasets stay untouched', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto('/');
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');
  await expect(page.getByTestId('dataset-item')).toHaveCount(1);

  // A program copied to x.dat: refused at its first byte, not read as 213 transactions.
  await dropBytes(page, 'x.dat', [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0x2c, 0x0a, 0x31, 0x2c]);
  await expect(page.getByTestId('load-error')).toContainText('Could not load x.dat');
  await expect(page.getByTestId('load-error-position')).toContainText('line 1, column 1');
  await expect(page.getByTestId('load-error')).toContainText(
    'this is not a text file (it starts as an ELF program does)',
  );
  await page.screenshot({ path: 'test-results/refused-binary.png', fullPage: true });

  // Latin-1 text (é as 0xe9) in a CSV: refused where the byte stands.
  await dropBytes(page, 'latin1.csv', [...text('bread,milk\ncaf'), 0xe9, ...text(',tea\n')]);
  await expect(page.getByTestId('load-error-position')).toContainText('line 2, column 4');
  await expect(page.getByTestId('load-error')).toContainText('byte 0xe9 at line 2, column 4: not UTF-8');

  // Files that hold no transaction.
  await dropBytes(page, 'empty.dat', []);
  await expect(page.getByTestId('load-error')).toContainText('the file is empty (0 bytes)');
  await dropBytes(page, 'header.csv', text('tid,item\n'));
  await expect(page.getByTestId('load-error')).toContainText('the file holds only the header row');

  await expect(page.getByTestId('dataset-item')).toHaveCount(1);
  await expect(page.getByTestId('stat-transactions')).toHaveText('10,000');

  // A valid file with bare CR line ends loads as its lines, and says what it merged.
  await dropBytes(page, 'mac.dat', text('1 2\r3 007 7\r5\r'));
  await expect(page.getByTestId('active-dataset-name')).toHaveText('mac.dat');
  await expect(page.getByTestId('stat-transactions')).toHaveText('3');
  await expect(page.getByTestId('load-warnings')).toContainText('2 warning');
  await expect(page.getByTestId('dataset-item')).toHaveCount(2);
  expect(consoleErrors).toEqual([]);
});
