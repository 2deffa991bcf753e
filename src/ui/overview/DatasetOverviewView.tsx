/**
 * The active dataset at a glance: its characteristics, the four overview charts, and the
 * generalization hierarchy beside it.
 */
import { useMemo } from 'react';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { EChart } from '../widgets/EChart.tsx';
import { HierarchyPanel } from '../hierarchy/HierarchyPanel.tsx';
import { sensitiveTableName } from '../../core/data/exportLayout.ts';
import { lengthHistogramOption, rankFrequencyOption, riskOption, topItemsOption } from './overviewCharts.ts';

/**
 * Density (the share of the transaction x item matrix that is filled) in one notation for every
 * dataset: a percentage to 3 significant digits, never in exponent form (2.61%, 0.0626%, 0%).
 */
const percent = new Intl.NumberFormat('en', { maximumSignificantDigits: 3, maximumFractionDigits: 20 });
const formatDensity = (density: number) => `${percent.format(100 * density)}%`;

/** What an exported release loaded back is, and what Check verifies on it. */
function LayoutNote({ entry }: { entry: DatasetEntry }) {
  const sensitive = sensitiveTableName(entry.name);
  return (
    <p className="note small" role="note" data-testid="layout-note">
      {entry.loaded.layout === 'groups' ? (
        <>
          A <b>groups export</b> of a p-degree release: these are the published QID rows of its groups
          {entry.companion ? (
            <>
              , and the sensitive items are counts per group in <b>{entry.companion.name}</b>, loaded with it.
              Check verifies its privacy degree p from those counts.
            </>
          ) : (
            <>
              ; its sensitive counts, <b>{sensitive}</b>, were not loaded with it. Choose both files together
              to check its privacy degree p.
            </>
          )}
        </>
      ) : entry.loaded.layout === 'disassociated' ? (
        <>
          A <b>disassociated release</b> (its clusters, record chunks and term chunks as one table, from its
          release file, its CSV or its Parquet table): the rows here read its columns as items. Check verifies
          its chunks with the disassociation model, without the input.
        </>
      ) : (
        <>
          A <b>buckets export</b> of an l-diverse release: each row here is a published row with the items of
          all its columns. Check verifies l-diversity per bucket on the file as published.
        </>
      )}
    </p>
  );
}

export function DatasetOverviewView({ entry }: { entry: DatasetEntry }) {
  const { stats, topItems, rankFrequency, lengthHistogram } = entry.overview;
  const top = useMemo(() => topItemsOption(topItems, stats.transactions), [topItems, stats.transactions]);
  const rank = useMemo(() => rankFrequencyOption(rankFrequency), [rankFrequency]);
  const lengths = useMemo(() => lengthHistogramOption(lengthHistogram), [lengthHistogram]);
  const risk = useMemo(() => (entry.risk ? riskOption(entry.risk) : null), [entry.risk]);
  const { loaded } = entry;
  const cards: [string, string, string][] = [
    ['transactions', 'Transactions', stats.transactions.toLocaleString()],
    ['items', 'Distinct items', stats.items.toLocaleString()],
    ['max-length', 'Max length', stats.maxLength.toLocaleString()],
    ['avg-length', 'Average length', stats.avgLength.toFixed(2)],
    ['density', 'Density', formatDensity(stats.density)],
    ['empty', 'Empty transactions', stats.empty.toLocaleString()],
  ];
  return (
    <section className="overview" data-testid="dataset-overview">
      <header className="overview-header">
        <h2 data-testid="active-dataset-name">{entry.label}</h2>
        <span className="muted">
          {loaded.format}
          {loaded.compressed && ' (gzip)'}
          {loaded.bytes > 0 && ` · ${(loaded.bytes / 1e6).toFixed(2)} MB`} · loaded in{' '}
          {loaded.parseMs.toFixed(0)} ms
          {!entry.overview.hasBitMatrix && ' · dense bit matrix skipped (over the memory budget)'}
        </span>
      </header>
      {loaded.layout && <LayoutNote entry={entry} />}
      <div className="cards">
        {cards.map(([id, label, value]) => (
          <div className="card" key={id}>
            <div className="card-label">{label}</div>
            <div className="card-value" data-testid={`stat-${id}`}>
              {value}
            </div>
          </div>
        ))}
      </div>
      {loaded.warnings.total > 0 && (
        <details className="warnings" data-testid="load-warnings">
          <summary>{loaded.warnings.total} warning(s) while parsing</summary>
          <ul>
            {loaded.warnings.first.map((w, i) => (
              <li key={i}>
                {w.line > 0 ? `line ${w.line}: ` : ''}
                {w.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="charts">
        <EChart option={top} testId="chart-top-items" />
        <EChart option={rank} testId="chart-rank-frequency" />
        <EChart option={lengths} testId="chart-lengths" />
        {risk ? (
          <EChart option={risk} testId="chart-risk" />
        ) : (
          <div className="chart placeholder">Measuring re-identification risk…</div>
        )}
      </div>
      <HierarchyPanel entry={entry} />
    </section>
  );
}
