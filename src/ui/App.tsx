/** The page: load panel and dataset list on the left, the active dataset's overview on the right. */
import { useEffect, useState } from 'react';
import { AnonymizePanel } from './components/AnonymizePanel.tsx';
import { RunResults } from './components/RunResults.tsx';
import { DatasetList } from './components/DatasetList.tsx';
import { DatasetOverviewView } from './components/DatasetOverviewView.tsx';
import { IsolationNotice } from './components/IsolationNotice.tsx';
import { LoadPanel } from './components/LoadPanel.tsx';
import { LoadError, LoadProgress } from './components/LoadStatus.tsx';
import { DEFAULT_SAMPLE_ID, SAMPLES } from './samples.ts';
import { useWorkbench } from './store.ts';

let defaultSampleRequested = false;

type Tab = 'overview' | 'anonymize';
const TABS: [Tab, string][] = [
  ['overview', 'Overview'],
  ['anonymize', 'Anonymize'],
];

export function App() {
  const active = useWorkbench((s) => s.datasets.find((d) => d.id === s.activeId));
  const loadSample = useWorkbench((s) => s.loadSample);
  const [tab, setTab] = useState<Tab>('overview');

  useEffect(() => {
    // A newcomer sees something at once: the synthetic sample opens on first start.
    if (defaultSampleRequested) return;
    defaultSampleRequested = true;
    const sample = SAMPLES.find((s) => s.id === DEFAULT_SAMPLE_ID);
    if (sample) void loadSample(sample);
  }, [loadSample]);

  return (
    <div className="app">
      <header className="topbar">
        <h1>TxAnon Workbench</h1>
        <span className="muted">anonymize transactional data in your browser</span>
        <IsolationNotice />
      </header>
      <aside className="sidebar">
        <LoadPanel />
        <DatasetList />
      </aside>
      <main className="main">
        <LoadProgress />
        <LoadError />
        {active ? (
          <>
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
            {tab === 'overview' ? (
              <DatasetOverviewView entry={active} />
            ) : (
              <>
                <AnonymizePanel dataset={active} />
                <RunResults datasetId={active.id} />
              </>
            )}
          </>
        ) : (
          <p className="muted">Drop a file or pick a sample to begin.</p>
        )}
      </main>
    </div>
  );
}
