/**
 * The handout of a trace (DESIGN.md sec. 8, `teach ... --deck steps.html`): one self-contained
 * HTML file, no network reference (no script, no link, no image file: each drawing is inline SVG,
 * deckSvg.ts), one step a printed page (CSS page breaks) with its title, sentences, cite, the
 * candidates weighed and, on steps with a question, the question; the answers with their reasons
 * at the end, so that the handout can be used before the lesson.
 */
import { drawingSvg, escapeXml as esc } from './deckSvg.ts';
import type { Trace } from './trace.ts';

const STYLE = `
body { font-family: sans-serif; margin: 24px; color: #1d2330; }
section.step { page-break-after: always; break-after: page; }
h1 { font-size: 20px; } h2 { font-size: 18px; margin-bottom: 2px; }
.cite { font-style: italic; color: #5b6b86; font-size: 12px; margin: 0; }
.question { border: 2px solid #2f6fde; padding: 6px 10px; border-radius: 6px; }
table { border-collapse: collapse; font-size: 12px; margin-top: 8px; }
td, th { border-bottom: 1px solid #dde2ea; padding: 2px 8px; text-align: left; }
tr.chosen { background: #ebfbee; }
svg { max-width: 100%; height: auto; }
`;

export function deckHtml(trace: Trace): string {
  const params = Object.entries(trace.params)
    .filter(([, v]) => typeof v !== 'string' || (v !== '' && !v.includes('\n')))
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  const answers: string[] = [];
  const steps = trace.steps.map((step, i) => {
    const n = i + 1;
    const candidates = step.candidates?.length
      ? `<table><tr><th></th><th>considered</th>${[
          ...new Set(step.candidates.flatMap((c) => Object.keys(c.values))),
        ]
          .map((k) => `<th>${esc(k)}</th>`)
          .join('')}<th></th></tr>${step.candidates
          .map(
            (c) =>
              `<tr class="${c.chosen ? 'chosen' : ''}"><td>${c.chosen ? '✓' : ''}</td><th>${esc(c.label)}</th>${[
                ...new Set(step.candidates!.flatMap((x) => Object.keys(x.values))),
              ]
                .map((k) => `<td>${esc(String(c.values[k] ?? ''))}</td>`)
                .join('')}<td>${esc(c.note ?? '')}</td></tr>`,
          )
          .join('')}</table>`
      : '';
    let question = '';
    if (step.question) {
      const q = step.question;
      question = `<div class="question"><p><b>Before this step, predict:</b> ${esc(q.prompt)}</p><ol type="a">${q.choices
        .map((c) => `<li>${esc(c.label)}</li>`)
        .join('')}</ol></div>`;
      const answer = q.choices.find((c) => c.id === q.answer)!;
      answers.push(`<li><b>Step ${n}:</b> ${esc(answer.label)}. ${esc(q.why)}</li>`);
    }
    const ledger = step.ledger
      ? `<p class="cite">Ledger: ε spent ${step.ledger.spent.toPrecision(4)} of ${step.ledger.budget} over ${step.ledger.entries.length} charge(s).</p>`
      : '';
    return `<section class="step" id="step-${n}"><h2>Step ${n} of ${trace.steps.length}: ${esc(step.title)}</h2><p class="cite">${esc(step.cite)}${step.figure ? ` · the paper's ${esc(step.figure)}` : ''}</p>${question}<p>${esc(step.text)}</p>${drawingSvg(step.state, step.changed)}${candidates}${ledger}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(trace.label)}: ${esc(trace.dataset.name)}</title><style>${STYLE}</style></head><body><header><h1>${esc(trace.label)}</h1><p>${esc(trace.citation)}. Data: ${esc(trace.dataset.name)} (${trace.dataset.transactions} transactions${trace.example ? `, ${esc(trace.example)}` : ''}); ${esc(params)}; seed ${trace.seed}.</p></header>${steps.join('')}<section id="answers"><h2>Answers</h2><ol>${answers.join('') || '<li>No step of this trace asks a question.</li>'}</ol></section></body></html>\n`;
}
