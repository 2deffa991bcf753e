/**
 * ItemDictionary (DESIGN.md sec. 2): items get dense ids 0..d-1 in order of first appearance;
 * the dictionary maps ids to the tokens as they stand in the input, and tokens back to ids.
 */
export class ItemDictionary {
  private readonly ids = new Map<string, number>();
  readonly tokens: string[] = [];

  constructor(tokens: readonly string[] = []) {
    for (const token of tokens) this.idOf(token);
  }

  /** Number of distinct items d. */
  get size(): number {
    return this.tokens.length;
  }

  /** The id of `token`, assigning the next free id when the token is new. */
  idOf(token: string): number {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.tokens.length;
      this.ids.set(token, id);
      this.tokens.push(token);
    }
    return id;
  }

  /** The id of `token`, or undefined when it does not occur. */
  find(token: string): number | undefined {
    return this.ids.get(token);
  }

  token(id: number): string {
    return this.tokens[id];
  }
}
