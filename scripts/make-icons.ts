/**
 * Renders public/icon.svg (the app's icon: a bit matrix whose rows fall into two anonymized
 * groups) to the PNG sizes the web app manifest lists, with Debian's Chromium. Run it after
 * changing the SVG: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

const SIZES = [192, 512];

const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: `public/icon-${size}.png`, omitBackground: true });
  await page.close();
}
await browser.close();
