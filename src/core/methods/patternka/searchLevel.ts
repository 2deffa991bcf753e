/**
 * Scratch buffers of one depth of the closed-pattern search (longestClosedPatterns.ts). A node at
 * depth d reads its conditional rows from level d and builds its children's in level d + 1; the
 * search is depth first, so one node per level is live at a time and the buffers are reused from
 * node to node, grown when too short. On BMS1 at k = 5 a PatternKa run visits ~11k nodes and ~80k
 * extensions: allocating their arrays afresh cost about a tenth of the run in allocation and GC.
 */
import { emptyConditionalRows, type ConditionalRows } from './conditionalRows.ts';

export class SearchLevel {
  /** The node's conditional rows. */
  readonly db: ConditionalRows = emptyConditionalRows();
  /** Occurrence deliver: the rows (indexes into db) holding the j-th candidate rank are
   * bucketRows[bucketStart[j]..bucketStart[j+1]), with the length of their suffix from that rank. */
  bucketStart: Int32Array = new Int32Array(16);
  bucketFill: Int32Array = new Int32Array(16);
  bucketRows: Int32Array = new Int32Array(64);
  bucketSuffix: Int32Array = new Int32Array(64);
  /** The node's candidate ranks (frequent above the core), ascending: candidates[0..count). */
  candidates: Int32Array = new Int32Array(16);
  /** The rows of the extension being tried (indexes into db), then the rows kept for its child. */
  rows: Int32Array = new Int32Array(64);
  /** The rows the child's last dropping round left out. */
  dropped: Int32Array = new Int32Array(64);
}
