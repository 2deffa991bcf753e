/**
 * The handout (`teach --deck`, core/teach/deck.ts): one self-contained HTML file with no network
 * reference (no script, link, src, href, url(), http), a section and an inline SVG per step, every
 * question's answer at the end, under 2 MB for a paper example; written beside --out by the CLI.
 */
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../src/core/teach/trace.ts';
import { cliInProcess, scratch } from './cliInProcess.ts';
import { TEACH_EXAMPLES } from './teachExamples.ts';

const dir = scratch('deck');

describe('the handout', () => {
  for (const { method, args } of TEACH_EXAMPLES.filter((e) =>
    ['pta', 'coat', 'multi-anatomy', 'apriori-km'].includes(e.method),
  ))
    it(`${method}: self-contained, a section and a drawing per step, the answers at the end`, async () => {
      const [out, deck] = [dir.path(`${method}.json`), dir.path(`${method}.html`)];
      const result = await cliInProcess(
        'teach',
        ...args,
        '--method',
        method,
        '--seed',
        '1',
        '--out',
        out,
        '--deck',
        deck,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).deck).toBe(deck);
      const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
      const html = readFileSync(deck, 'utf8');
      expect(statSync(deck).size).toBeLessThan(2 * 1024 * 1024);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|https?:|@import/i);
      expect(html.match(/<section class="step"/g)).toHaveLength(trace.steps.length);
      expect(html.match(/<svg /g)).toHaveLength(trace.steps.length);
      const questions = trace.steps.filter((s) => s.question);
      expect(html.match(/<div class="question">/g) ?? []).toHaveLength(questions.length);
      const answers = html.slice(html.indexOf('<section id="answers">'));
      for (const [i, step] of trace.steps.entries())
        if (step.question) expect(answers).toContain(`<b>Step ${i + 1}:</b>`);
    });
});
