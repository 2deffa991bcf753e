/**
 * The page: load panel and dataset list on the left; on the right the tabs: the active dataset's
 * overview, a single run (Anonymize), a sweep (Experiment), the saved experiments' charts
 * (Results, which needs no dataset) and the Check of a dataset against the privacy models.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { AnonymizePanel } from './anonymize/AnonymizePanel.tsx';
import { RunResults } from './anonymize/RunResults.tsx';
import { DatasetList } from './load/DatasetList.tsx';
import { DatasetOverviewView } from './overview/DatasetOverviewView.tsx';
import { IsolationNotice } from './load/IsolationNotice.tsx';
import { OfflineStatus } from './offline/OfflineStatus.tsx';
import { LoadPanel } from './load/LoadPanel.tsx';
import { LoadError, LoadProgress } from './load/LoadStatus.tsx';
import { useExperiments } from './experiment/experimentStore.ts';
import { useRuns } from './anonymize/runStore.ts';
import { DEFAULT_SAMPLE_ID, SAMPLES } from './load/samples.ts';
import { useWorkbench } from './load/datasetStore.ts';

// The tabs one opens later are chunks of their own, fetched on first use (bench/results.md).
const CheckPage = lazy(() => import('./check/CheckPage.tsx').then((m) => ({ default: m.CheckPage })));
const ExperimentPage = lazy(() =>
  import('./experiment/ExperimentPage.tsx').then((m) => ({ default: m.ExperimentPage })),
);
const ResultsPage = lazy(() =>
  import('./experiment/ResultsPage.tsx').then((m) => ({ default: m.ResultsPage })),
);

let started = false;

type Tab = 'overview' | 'anonymize' | 'experiment' | 'results' | 'check';
const TABS: [Tab, string][] = [
  ['overview', 'Overview'],
  ['anonymize', 'Anonymize'],
  ['experiment', 'Experiment'],
  ['results', 'Results'],
  ['check', 'Check'],
];

export function App() {
  const active = useWorkbench((s) => s.datasets.find((d) => d.id === s.activeId));
  const loadSample = useWorkbench((s) => s.loadSample);
  const restore = useWorkbench((s) => s.restore);
  const hydrate = useExperiments((s) => s.hydrate);
  const hydrateRuns = useRuns((s) => s.hydrate);
  const [tab, setTab] = useState<Tab>('overview');

  useEffect(() => {
    if (started) return;
    started = true;
    void hydrate();
    void hydrateRuns();
    // The datasets of the last visit come back; a newcomer sees the synthetic sample at once.
    void restore().then((restored) => {
      const sample = SAMPLES.find((s) => s.id === DEFAULT_SAMPLE_ID);
      if (!restored && sample) void loadSample(sample);
    });
  }, [loadSample, restore, hydrate, hydrateRuns]);

  const page = () => {
    if (tab === 'results') return <ResultsPage />;
    if (!active) return <p className="muted">Drop a file or pick a sample to begin.</p>;
    switch (tab) {
      case 'overview':
        return <DatasetOverviewView entry={active} />;
      case 'anonymize':
        return (
          <>
            <AnonymizePanel dataset={active} />
            <RunResults dataset={active} />
          </>
        );
      case 'experiment':
        return <ExperimentPage dataset={active} onShowResults={() => setTab('results')} />;
      case 'check':
        return <CheckPage dataset={active} />;
    }
  };

  return (
    <div className="app">
      <header className="topbar">
        <h1>TxAnon Workbench</h1>
        <span className="muted">anonymize transactional data in your browser</span>
        <IsolationNotice />
        <OfflineStatus />
      </header>
      <aside className="sidebar">
        <LoadPanel />
        <DatasetList />
      </aside>
      <main className="main">
        <LoadProgress />
        <LoadError />
        <nav className="tabs">
          {TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              data-testid={`tab-${id}`}
              className={tab === id ? 'active' : ''}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          ))}
        </nav>
        <Suspense fallback={<p className="muted">Loading…</p>}>{page()}</Suspense>
      </main>
    </div>
  );
}
