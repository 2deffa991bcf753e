/**
 * Memory that every worker can read without copies: a SharedArrayBuffer where the platform
 * offers one (Node, and browser pages that are cross-origin isolated), an ArrayBuffer otherwise
 * (DESIGN.md sec. 2: "the same code falls back to ArrayBuffer").
 */

/** True where SharedArrayBuffer exists and may be posted to workers. */
export function canShareMemory(): boolean {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  // In a browser the constructor can exist while posting it fails; crossOriginIsolated tells.
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return isolated !== false;
}

/** A zero-filled buffer of `bytes` bytes, shared where possible. */
export function allocateBuffer(bytes: number): ArrayBufferLike {
  return canShareMemory() ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

/** A Uint32Array of `length` zeros over shared memory where possible. */
export function allocateU32(length: number): Uint32Array {
  return new Uint32Array(allocateBuffer(length * 4));
}

/** Copies `source` into a fresh (shared where possible) Uint32Array of the same length. */
export function toSharedU32(source: Uint32Array): Uint32Array {
  const out = allocateU32(source.length);
  out.set(source);
  return out;
}
