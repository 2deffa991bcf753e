/**
 * The page: load panel and dataset list on the left; on the right the tabs: the active dataset's
 * overview, a single run (Anonymize), the teaching stepper (Teach), a sweep (Experiment), the saved
 * experiments' charts (Results, which needs no dataset) and the Check of a dataset against the
 * privacy models. A stepper's link (`#teach&...`, teach/teachLink.ts) opens the Teach tab on its
 * data, method, parameters and step, at start or when the address changes.
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
import { parseTeachHash } from './teach/teachLink.ts';
import { holdForLink, openTeachLink } from './teach/openTeachLink.ts';
import { MissingLinkData } from './teach/MissingLinkData.tsx';

// The tabs one opens later are chunks of their own, fetched on first use (bench/results.md).
const CheckPage = lazy(() => import('./check/CheckPage.tsx').then((m) => ({ default: m.CheckPage })));
const ExperimentPage = lazy(() =>
  import('./experiment/ExperimentPage.tsx').then((m) => ({ default: m.ExperimentPage })),
);
const ResultsPage = lazy(() =>
  import('./experiment/ResultsPage.tsx').then((m) => ({ default: m.ResultsPage })),
);
const TeachPage = lazy(() => import('./teach/TeachPage.tsx').then((m) => ({ default: m.TeachPage })));

let started = false;

type Tab = 'overview' | 'anonymize' | 'teach' | 'experiment' | 'results' | 'check';
const TABS: [Tab, string][] = [
  ['overview', 'Overview'],
  ['anonymize', 'Anonymize'],
  ['teach', 'Teach'],
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
  const [tab, setTab] = useState<Tab>(() => (parseTeachHash(location.hash) ? 'teach' : 'overview'));

  useEffect(() => {
    if (started) return;
    started = true;
    void hydrate();
    void hydrateRuns();
    // The datasets of the last visit come back; a newcomer sees the synthetic sample at once, or
    // the data of the stepper's link the page was opened with.
    // The link is read now: the Teach tab of the restored dataset must not replace it meanwhile.
    const link = parseTeachHash(location.hash);
    if (link) holdForLink();
    void restore().then(async (restored) => {
      if (link && (await openTeachLink(link))) return;
      if (link?.dataset) return; // the page says which file the link needs
      const sample = SAMPLES.find((s) => s.id === DEFAULT_SAMPLE_ID);
      if (!restored && sample) void loadSample(sample);
    });
  }, [loadSample, restore, hydrate, hydrateRuns]);

  // A stepper's link followed from within the page (the Anonymize form's "Step through it").
  useEffect(() => {
    // Both events come for one change of address (Back, a link pasted): it is opened once.
    let handling: string | null = null;
    const onHash = () => {
      if (location.hash === handling) return;
      handling = location.hash;
      setTimeout(() => (handling = null), 0);
      const link = parseTeachHash(location.hash);
      if (!link) return;
      setTab('teach');
      void openTeachLink(link);
    };
    // Back and Forward move between the steps' entries (TeachPage pushes one per step).
    window.addEventListener('hashchange', onHash);
    window.addEventListener('popstate', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('popstate', onHash);
    };
  }, []);
  // Leaving the Teach tab drops its address, so a reload opens where the user is.
  useEffect(() => {
    if (tab !== 'teach' && parseTeachHash(location.hash)) history.replaceState(null, '', location.pathname);
  }, [tab]);

  const page = () => {
    if (tab === 'results') return <ResultsPage />;
    if (!active)
      return tab === 'teach' ? (
        <MissingLinkData />
      ) : (
        <p className="muted">Drop a file or pick a sample to begin.</p>
      );
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
      case 'teach':
        return <TeachPage dataset={active} />;
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
