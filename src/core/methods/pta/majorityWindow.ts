/**
 * The votes of a changing set of k rows (PTA Alg. 2, lines 20-26): per item, how many of the rows
 * hold it; the items held by more than k/2 of them (the centre) kept as the counts cross that line;
 * and the sum of the rows' lengths, so that the group's IL, sum over its rows of |row Δ centre|,
 * is sum |row| + k |centre| - 2 (votes of the centre's items), read without a merge per row.
 */
export class MajorityWindow {
  private readonly counts: Int32Array;
  /** The centre: centreItems[0..centreSize), and each item's place in it (-1 outside). */
  private readonly centreItems: Int32Array;
  private readonly placeOf: Int32Array;
  private centreSize = 0;
  /** Sum of the centre's items' votes, and of the rows' lengths. */
  private centreVotes = 0;
  private lengths = 0;
  private rows = 0;
  /** An item is in the centre from this many votes on (more than k/2). */
  private readonly majority: number;

  constructor(itemCount: number, k: number) {
    this.counts = new Int32Array(itemCount);
    this.centreItems = new Int32Array(itemCount);
    this.placeOf = new Int32Array(itemCount).fill(-1);
    this.majority = Math.floor(k / 2) + 1;
  }

  add(row: ArrayLike<number>): void {
    const { counts, majority } = this;
    for (let t = 0; t < row.length; t++) {
      const item = row[t];
      const count = ++counts[item];
      if (count === majority) this.enter(item, count);
      else if (count > majority) this.centreVotes++;
    }
    this.lengths += row.length;
    this.rows++;
  }

  remove(row: ArrayLike<number>): void {
    const { counts, majority } = this;
    for (let t = 0; t < row.length; t++) {
      const item = row[t];
      const count = counts[item]--;
      if (count === majority) this.leave(item, count);
      else if (count > majority) this.centreVotes--;
    }
    this.lengths -= row.length;
    this.rows--;
  }

  /** The items more than k/2 of the rows hold, ascending. */
  center(): number[] {
    return Array.from(this.centreItems.subarray(0, this.centreSize)).sort((a, b) => a - b);
  }

  /** Sum over the rows of the Hamming distance to the centre (valid with k rows held). */
  loss(): number {
    return this.lengths + this.rows * this.centreSize - 2 * this.centreVotes;
  }

  private enter(item: number, votes: number): void {
    this.placeOf[item] = this.centreSize;
    this.centreItems[this.centreSize++] = item;
    this.centreVotes += votes;
  }

  private leave(item: number, votes: number): void {
    const place = this.placeOf[item];
    const last = this.centreItems[--this.centreSize];
    this.centreItems[place] = last;
    this.placeOf[last] = place;
    this.placeOf[item] = -1;
    this.centreVotes -= votes;
  }
}
