/**
 * A round's tasks and partial results as JSON text, for tasks that run in another process (a Dask
 * worker's task server, issue 35): plain data as it is, typed arrays (PatternKa's rows of a mining
 * are an Int32Array) as their kind and their bytes in base64, read back as the same kind.
 */
const TYPED = {
  Int32Array,
  Uint32Array,
  Float64Array,
  Uint8Array,
} as const;
type TypedName = keyof typeof TYPED;

export function taskToJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    for (const name of Object.keys(TYPED) as TypedName[])
      if (v instanceof TYPED[name]) {
        const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
        return { $typed: name, base64: Buffer.from(bytes).toString('base64') };
      }
    return v;
  });
}

export function taskFromJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && '$typed' in v && 'base64' in v) {
      const { $typed, base64 } = v as { $typed: TypedName; base64: string };
      const bytes = Buffer.from(base64, 'base64');
      const copy = new Uint8Array(bytes.length);
      copy.set(bytes);
      const Kind = TYPED[$typed];
      return new Kind(copy.buffer, 0, copy.length / Kind.BYTES_PER_ELEMENT);
    }
    return v;
  });
}
