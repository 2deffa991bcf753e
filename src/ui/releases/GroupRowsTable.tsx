/**
 * Every published QID row of a `groups` release, virtualised: only the rows in view (and a margin)
 * are in the page, fetched 200 at a time from the worker that made the release and still keeps it
 * (groupRows in the engine), so a million-row release scrolls like a small one.
 */
import { useEffect, useRef, useState } from 'react';
import type { GroupRow } from '../../core/release/groupRows.ts';
import { pool } from '../engineClient.ts';
import { itemList } from '../widgets/itemList.ts';

const ROW_HEIGHT = 22;
const VIEW_HEIGHT = 300;
const PAGE = 200;
const MARGIN = 20;

export function GroupRowsTable({ releaseKey, slot }: { releaseKey: string; slot: number | undefined }) {
  const [total, setTotal] = useState<number | null>(null);
  const [pages, setPages] = useState<Map<number, GroupRow[]>>(new Map());
  const [gone, setGone] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const requested = useRef(new Set<number>());

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - MARGIN);
  const last = Math.floor((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + MARGIN;
  const firstPage = Math.floor(first / PAGE);
  const lastPage = Math.floor(last / PAGE);

  useEffect(() => {
    for (let page = firstPage; page <= lastPage; page++) {
      if (requested.current.has(page) || (total !== null && page * PAGE >= total)) continue;
      requested.current.add(page);
      void pool
        .run((api) => api.groupRows(releaseKey, page * PAGE, PAGE), undefined, slot)
        .then((answer) => {
          if (!answer) return setGone(true);
          setTotal(answer.total);
          setPages((old) => new Map(old).set(page, answer.rows));
        });
    }
  }, [firstPage, lastPage, releaseKey, slot, total]);

  if (gone)
    return (
      <p className="muted small" data-testid="groups-table-gone">
        The worker keeps only the latest releases and no longer holds this one: the downloads have every row.
      </p>
    );
  const rows: GroupRow[] = [];
  for (let page = firstPage; page <= lastPage; page++)
    for (const row of pages.get(page) ?? []) if (row.row >= first && row.row <= last) rows.push(row);
  return (
    <div className="group-rows">
      <div className="group-rows-head">
        <span>group</span>
        <span>rows</span>
        <span>sensitive items (counts)</span>
        <span>QID row, published exactly</span>
      </div>
      <div
        className="group-rows-view"
        style={{ height: VIEW_HEIGHT }}
        data-testid="groups-table"
        data-total={total ?? ''}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div style={{ height: (total ?? 0) * ROW_HEIGHT, position: 'relative' }}>
          {rows.map((r) => (
            <div
              key={r.row}
              className={`group-row${r.inGroup === 0 ? ' first' : ''}${r.group % 2 ? ' odd' : ''}`}
              style={{ top: r.row * ROW_HEIGHT, height: ROW_HEIGHT }}
              data-testid="group-row"
            >
              <span>{r.inGroup === 0 ? r.group + 1 : ''}</span>
              <span>{r.inGroup === 0 ? r.size : ''}</span>
              <CutCell text={r.inGroup === 0 ? sensitiveCounts(r.sensitive) : ''} />
              <CutCell text={itemList(r.qid)} empty="(no QID item)" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A cell cut to one line: its title shows the whole of a long one; `empty` stands for no text. */
function CutCell({ text, empty = '' }: { text: string; empty?: string }) {
  return <span title={text || undefined}>{text || empty}</span>;
}

/** A group's sensitive items with their counts ('—' for none). */
function sensitiveCounts(sensitive: Record<string, number>): string {
  return (
    Object.entries(sensitive)
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ') || '—'
  );
}
