/**
 * How the tests and the browser benchmark start Debian's Chromium: never a downloaded browser, and
 * the flags that keep it quiet on a machine without network (no background traffic, no updates).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
