/**
 * Where data comes in: a drop zone that is also a file picker, the format choice, the columns of a
 * table (Parquet, Arrow, csv-long) when they cannot be found alone, and the samples.
 */
import { useRef, useState, type DragEvent } from 'react';
import { FORMATS } from '../../core/data/formats.ts';
import { qidTableName } from '../../core/data/exportLayout.ts';
import type { DatasetFormat } from '../../core/data/dataset.ts';
import { SAMPLES } from './samples.ts';
import { useWorkbench } from './datasetStore.ts';

export function LoadPanel() {
  const loadFile = useWorkbench((s) => s.loadFile);
  const loadSample = useWorkbench((s) => s.loadSample);
  const [format, setFormat] = useState<DatasetFormat | 'auto'>('auto');
  const [itemColumn, setItemColumn] = useState('');
  const [tidColumn, setTidColumn] = useState('');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const loadFiles = (files: FileList | null) => {
    const options = {
      ...(format !== 'auto' && { format }),
      ...(itemColumn.trim() !== '' && { itemColumn: itemColumn.trim() }),
      ...(tidColumn.trim() !== '' && { tidColumn: tidColumn.trim() }),
    };
    // A groups export's sensitive table chosen with its QID table goes with it, not on its own.
    const chosen = [...(files ?? [])];
    const companionOf = new Map<File, File>();
    for (const file of chosen) {
      const qid = qidTableName(file.name);
      const owner = qid === null ? undefined : chosen.find((f) => f.name === qid);
      if (owner) companionOf.set(owner, file);
    }
    const companions = new Set(companionOf.values());
    // One after the other: each load replaces the progress bar of the one before it.
    void chosen
      .filter((file) => !companions.has(file))
      .reduce((previous, file) => {
        const companion = companionOf.get(file);
        return previous.then(() =>
          loadFile(
            file,
            file.name,
            options,
            undefined,
            companion && { name: companion.name, blob: companion },
          ),
        );
      }, Promise.resolve());
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    loadFiles(event.dataTransfer.files);
  };

  return (
    <section className="panel">
      <h2>Load data</h2>
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        data-testid="drop-zone"
        role="button"
        tabIndex={0}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <strong>Drop a file here</strong> or click to choose
        <small>
          FIMI .dat, CSV basket, CSV long (tid,item), relational CSV, ARFF, each also gzip-compressed (.gz);
          Parquet and Arrow IPC (a list column of items, or tid and item columns); a release exported here (a
          groups export: choose NAME.csv and NAME-sensitive.csv together). Nothing leaves this browser.
        </small>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            loadFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <label className="field">
        Format
        <select
          data-testid="format-select"
          value={format}
          onChange={(e) => setFormat(e.target.value as DatasetFormat | 'auto')}
        >
          <option value="auto">detect from name and content</option>
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <details className="columns-choice">
        <summary>Columns (Parquet, Arrow, CSV long)</summary>
        <p className="muted small">
          Found alone when the file has one list column, or columns named tid and item. Otherwise name them
          here: a list column of items, or the item and transaction id of (tid, item) rows.
        </p>
        <label className="field">
          Item column
          <input
            data-testid="item-column"
            value={itemColumn}
            placeholder="found"
            onChange={(e) => setItemColumn(e.target.value)}
          />
        </label>
        <label className="field">
          Transaction id column
          <input
            data-testid="tid-column"
            value={tidColumn}
            placeholder="tid"
            onChange={(e) => setTidColumn(e.target.value)}
          />
        </label>
      </details>
      <h3>Samples</h3>
      <ul className="samples">
        {SAMPLES.map((sample) => (
          <li key={sample.id}>
            <button
              type="button"
              className="link"
              data-testid={`sample-${sample.id}`}
              title={sample.note}
              onClick={() => void loadSample(sample)}
            >
              {sample.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
