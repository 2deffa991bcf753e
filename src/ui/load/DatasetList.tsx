/** The datasets loaded in this page; click to show one, × to drop it. */
import { useWorkbench } from './datasetStore.ts';

export function DatasetList() {
  const datasets = useWorkbench((s) => s.datasets);
  const activeId = useWorkbench((s) => s.activeId);
  const select = useWorkbench((s) => s.select);
  const remove = useWorkbench((s) => s.remove);
  return (
    <section className="panel">
      <h2>Datasets</h2>
      {datasets.length === 0 && <p className="muted">None loaded yet.</p>}
      <ul className="dataset-list" data-testid="dataset-list">
        {datasets.map((d) => (
          <li key={d.id} className={d.id === activeId ? 'active' : ''} data-testid="dataset-item">
            <button type="button" className="link" onClick={() => select(d.id)} data-testid="dataset-select">
              {d.label}
            </button>
            <span className="muted"> {d.overview.stats.transactions.toLocaleString()} tx</span>
            <button
              type="button"
              className="remove"
              aria-label={`remove ${d.label}`}
              onClick={() => remove(d.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
