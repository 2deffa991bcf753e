/**
 * The page's bundle after `vite build`: the entry chunk the browser must fetch before the page can
 * draw (raw and gzip bytes), the lazily loaded chunks (ECharts, the tabs, the methods' views) and the
 * worker. The entry chunk before code-splitting (issue 20, at commit c7b6872) is kept for comparison.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BEFORE = { commit: 'c7b6872', bytes: 968_573, gzip: 317_456 };

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function benchBundle(): string {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const html = readFileSync('dist/index.html', 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
  const chunks = readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const bytes = readFileSync(`dist/assets/${f}`);
      return { file: f, bytes: bytes.length, gzip: gzipSync(bytes).length };
    })
    .sort((a, b) => b.bytes - a.bytes);
  const main = chunks.find((c) => c.file === entry);
  if (!main) throw new Error(`no entry chunk in dist/index.html (${entry})`);
  const row = (c: { file: string; bytes: number; gzip: number }) =>
    `| ${c.file.replace(/-[\w-]{8}\.js$/, '.js')} | ${kb(c.bytes)} | ${kb(c.gzip)} |`;
  return [
    '## The page bundle',
    '',
    '`vite build`; the entry chunk is what the browser fetches before the page draws anything. kB =',
    '1,000 bytes; gzip at zlib level 6.',
    '',
    '| | entry chunk kB | gzip kB |',
    '|---|---|---|',
    `| before code-splitting (${BEFORE.commit}) | ${kb(BEFORE.bytes)} | ${kb(BEFORE.gzip)} |`,
    `| now | ${kb(main.bytes)} | ${kb(main.gzip)} |`,
    `| now / before | ${(main.bytes / BEFORE.bytes).toFixed(2)} | ${(main.gzip / BEFORE.gzip).toFixed(2)} |`,
    '',
    'Every chunk, largest first:',
    '',
    '| chunk | kB | gzip kB |',
    '|---|---|---|',
    ...chunks.map(row),
    '',
  ].join('\n');
}
