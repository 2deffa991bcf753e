/**
 * The generalization hierarchy beside a dataset (DESIGN.md sec. 7): load a file (one line per item,
 * `item;level1;...;root`) or build a balanced one (fan-out, item order), see it as a tree with each
 * node's items and support, download it. A bad file's error names the line and the item; the
 * hierarchy the dataset had stays.
 */
import { useState } from 'react';
import type { DatasetEntry } from '../load/datasetStore.ts';
import { useWorkbench } from '../load/datasetStore.ts';
import { download } from '../widgets/download.ts';
import { HierarchyTree } from '../widgets/HierarchyTree.tsx';
import { TextFileButton } from '../widgets/TextFileButton.tsx';
import { SAMPLES } from '../load/samples.ts';

const ORDERS = [
  ['support', 'grouped by support (like with like)'],
  ['cooccurrence', 'grouped by co-occurrence (items bought together)'],
  ['alphabetical', 'alphabetically'],
  ['id', 'by first appearance'],
] as const;

export function HierarchyPanel({ entry }: { entry: DatasetEntry }) {
  const setHierarchy = useWorkbench((s) => s.setHierarchy);
  const clearHierarchy = useWorkbench((s) => s.clearHierarchy);
  const failure = useWorkbench((s) =>
    s.hierarchyError?.datasetId === entry.id ? s.hierarchyError.error : null,
  );
  const dismiss = useWorkbench((s) => s.dismissHierarchyError);
  const [fanout, setFanout] = useState(5);
  const [order, setOrder] = useState<(typeof ORDERS)[number][0]>('support');
  const [busy, setBusy] = useState(false);
  const hierarchy = entry.hierarchy;
  const sampleHierarchy = SAMPLES.find((s) => s.id === entry.sampleId)?.hierarchy;
  const loadSampleHierarchy = async (path: string) => {
    const response = await fetch(`${import.meta.env.BASE_URL}${path}`);
    const name = path.split('/').pop() ?? path;
    await setHierarchy(entry.id, { text: await response.text(), name });
  };
  const run = async (job: Promise<void>) => {
    setBusy(true);
    try {
      await job;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel hierarchy" data-testid="hierarchy-panel">
      <h2>Generalization hierarchy</h2>
      <p className="muted small">
        What items may generalize to, for apriori-km (and COAT's weights): a CSV file with one line per item,{' '}
        <code>item;level1;...;root</code> (ARX's format; paths may differ in length), or one line per edge,{' '}
        <code>item,parent</code> (a header line optional). It may name a part of the items: the others stay
        themselves. Items of the hierarchy that the data lacks are fine.
      </p>
      <div className="actions">
        <TextFileButton
          label="Load a hierarchy file…"
          accept=".csv,.txt"
          testId="hierarchy-file"
          onText={(name, text) => void run(setHierarchy(entry.id, { text, name }))}
        />
        {sampleHierarchy && (
          <button
            type="button"
            data-testid="hierarchy-sample"
            disabled={busy}
            onClick={() => void run(loadSampleHierarchy(sampleHierarchy))}
          >
            Load the sample's hierarchy ({sampleHierarchy.split('/').pop()})
          </button>
        )}
        <span className="muted">or build one: fan-out</span>
        <input
          type="number"
          min={2}
          className="narrow"
          data-testid="hierarchy-fanout"
          value={fanout}
          onChange={(e) => setFanout(Number(e.target.value))}
        />
        <select
          data-testid="hierarchy-order"
          value={order}
          onChange={(e) => setOrder(e.target.value as typeof order)}
        >
          {ORDERS.map(([id, label]) => (
            <option key={id} value={id}>
              items {label}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="hierarchy-build"
          disabled={busy}
          onClick={() => void run(setHierarchy(entry.id, { fanout, order }))}
        >
          Build
        </button>
        {hierarchy && (
          <>
            <button
              type="button"
              data-testid="hierarchy-download"
              onClick={() => download(hierarchy.name, hierarchy.text, 'text/csv')}
            >
              Download {hierarchy.name}
            </button>
            <button type="button" onClick={() => clearHierarchy(entry.id)}>
              Remove
            </button>
          </>
        )}
      </div>
      {failure && (
        <div className="error" role="alert" data-testid="hierarchy-error">
          <div>
            <strong>The hierarchy was not loaded</strong>
            <div className="error-reason">{failure.message}</div>
            {hierarchy && <div className="muted small">The dataset keeps {hierarchy.name}.</div>}
          </div>
          <button type="button" onClick={dismiss} aria-label="dismiss">
            ×
          </button>
        </div>
      )}
      {hierarchy ? (
        <>
          <p data-testid="hierarchy-summary">
            <b>{hierarchy.name}</b> ({hierarchy.built ? 'built' : 'loaded'}):{' '}
            {hierarchy.view.items.toLocaleString()} items, {hierarchy.view.categories.toLocaleString()}{' '}
            categories, {hierarchy.view.height} fields a line.
            {hierarchy.view.absentCount > 0 && (
              <span className="muted" data-testid="hierarchy-absent">
                {' '}
                {hierarchy.view.absentCount.toLocaleString()} of its items are not in the data (
                {hierarchy.view.absent.slice(0, 8).join(', ')}
                {hierarchy.view.absentCount > 8 ? ', …' : ''}): fine, they only matter for the next batch.
              </span>
            )}
            {hierarchy.unnamed && (
              <span className="muted" data-testid="hierarchy-unnamed">
                {' '}
                {hierarchy.unnamed.count.toLocaleString()} item(s) of the data are not in the file (
                {hierarchy.unnamed.first.slice(0, 8).join(', ')}
                {hierarchy.unnamed.count > 8 ? ', …' : ''}): they stay themselves, under its root.
              </span>
            )}
          </p>
          {hierarchy.diffPart && (
            <p className="note small" data-testid="hierarchy-diffpart">
              DiffPart cannot use this hierarchy: {hierarchy.diffPart}. The other methods can.
            </p>
          )}
          <HierarchyTree
            view={hierarchy.view}
            testId="hierarchy-tree"
            exportName={hierarchy.name.replace(/\.[^.]+$/, '')}
          />
        </>
      ) : (
        <p className="muted" data-testid="hierarchy-none">
          No hierarchy yet: apriori-km builds a balanced one from its own f and order when it runs.
        </p>
      )}
    </section>
  );
}
