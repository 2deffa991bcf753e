/**
 * A `disassociated` release (Terrovitis et al., PVLDB 2012): the cluster sizes, and the first
 * clusters as published, each record chunk a table of its sub-records (shuffled apart from the
 * other chunks: a line of one chunk is not linked to a line of another) and the term chunk as a
 * list of items without counts.
 */
import { useMemo } from 'react';
import { EChart } from '../widgets/EChart.tsx';
import { classSizeOption } from './classSizeOption.ts';
import type { ReleaseViewProps } from './types.ts';
import { itemList } from '../widgets/itemList.ts';

export function DisassociatedView({ run }: ReleaseViewProps) {
  const { summary } = run;
  const k = Number(run.record.params.k);
  const m = Number(run.record.params.m);
  const sizes = useMemo(
    () =>
      classSizeOption(summary.sizeHistogram, k, 'Cluster sizes', `rows per cluster (k = ${k})`, 'clusters'),
    [summary, k],
  );
  return (
    <div className="disassociated-view" data-testid="disassociated-view">
      <p data-testid="disassociated-counts">
        {summary.classes} clusters, {summary.recordChunks ?? 0} record chunks: every record chunk is {k}
        <sup>{m}</sup>-anonymous; the sub-records of different chunks are not linked to one another, and a
        term chunk lists items of its cluster without counts.
      </p>
      <div className="charts">
        <EChart option={sizes} testId="chart-cluster-sizes" height={360} />
      </div>
      <h4>First clusters as published</h4>
      <div className="cluster-list" data-testid="first-clusters">
        {summary.firstClusters?.slice(0, 6).map((cluster, c) => (
          <div key={c} className="cluster" data-testid={`cluster-${c + 1}`}>
            <h5>
              cluster {c + 1} · {cluster.rows} rows
            </h5>
            <div className="cluster-chunks">
              {cluster.recordChunks.map((chunk, j) => (
                <table key={j} className="bits bucket chunk" data-testid={`cluster-${c + 1}-chunk-${j + 1}`}>
                  <thead>
                    <tr>
                      <th>
                        record chunk {j + 1}: {itemList(chunk.items)}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {chunk.subrecords.map((items, i) => (
                      <tr key={i}>
                        <td>{itemList(items)}</td>
                      </tr>
                    ))}
                    {cluster.rows > chunk.subrecords.length && (
                      <tr>
                        <td className="muted">+ {cluster.rows - chunk.subrecords.length} empty</td>
                      </tr>
                    )}
                  </tbody>
                </table>
              ))}
            </div>
            <p>
              <b>term chunk:</b> {cluster.termChunk.length ? itemList(cluster.termChunk) : '∅'}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
