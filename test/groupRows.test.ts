import { describe, expect, it } from 'vitest';
import { groupRowCount, groupRowsPage } from '../src/core/release/groupRows.ts';
import { exportRelease } from '../src/core/release/export/exportRelease.ts';
import type { GroupsRelease } from '../src/core/release/types.ts';
import { WorkerPool } from '../workers/pool.ts';
import { fakeEndpoint } from './fakeEndpoint.ts';
import { groupsReleaseOf, plain, textOf } from './helpers.ts';
import { questDataset } from '../src/core/data/synthetic.ts';

const release: GroupsRelease = groupsReleaseOf([
  { qid: [['a'], ['b']], sensitive: { s: 1 } },
  { qid: [['c'], [], ['d', 'e']], sensitive: { s: 1 } },
  { qid: [['f']], sensitive: {} },
]);

describe('a groups release read as one table', () => {
  it('pages rows across group boundaries, with each row’s group', () => {
    expect(groupRowCount(release)).toBe(6);
    const page = groupRowsPage(release, 1, 4);
    expect(page.map((r) => [r.row, r.group, r.inGroup, r.size, r.qid.join('')])).toEqual([
      [1, 0, 1, 2, 'b'],
      [2, 1, 0, 3, 'c'],
      [3, 1, 1, 3, ''],
      [4, 1, 2, 3, 'de'],
    ]);
    expect(groupRowsPage(release, 5, 10).map((r) => r.qid)).toEqual([['f']]);
    expect(groupRowsPage(release, 6, 10)).toEqual([]);
  });

  it('lists a row’s QID items in natural order (8 58 231) in the viewer; the export has them all', () => {
    const numeric: GroupsRelease = groupsReleaseOf([
      { qid: [['231', '58', '8'], ['58']], sensitive: { s: 1 } },
    ]);
    expect(groupRowsPage(numeric, 0, 2).map((r) => r.qid)).toEqual([['8', '58', '231'], ['58']]);
    const [qid, sensitive] = exportRelease(numeric, 'csv-long');
    expect(textOf(qid)).toBe('group,row,item\n1,1,231\n1,1,58\n1,1,8\n1,2,58\n');
    expect(textOf(sensitive)).toBe('group,item,count\n1,s,1\n');
    expect(plain(numeric).groups[0].qid[0]).toEqual(['231', '58', '8']); // the release itself is left as is
  });

  it('the worker that made a release serves its rows; the pool reaches that worker by its slot', async () => {
    let spawned = 0;
    const pool = new WorkerPool(() => fakeEndpoint([], spawned++), 3);
    await pool.register('d', questDataset({ D: 200, T: 4, I: 2, N: 40, L: 20, seed: 2 }).toHandle());
    const request = { method: 'nn', params: { p: 2 }, seed: 1, sensitive: { random: 2 } };
    const { result, slot } = await pool.run(async (api, slot) => ({
      result: await api.anonymize('d', request, () => {}),
      slot,
    }));
    const onSame = await pool.run((api) => api.groupRows(result.releaseKey, 0, 5), undefined, slot);
    expect(onSame?.total).toBe(200);
    expect(onSame?.rows).toHaveLength(5);
    const other = (slot + 1) % 3;
    expect(await pool.run((api) => api.groupRows(result.releaseKey, 0, 5), undefined, other)).toBeNull();
  });
});
