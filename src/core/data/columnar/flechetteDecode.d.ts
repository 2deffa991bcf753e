/**
 * flechette's IPC decoding in its two steps (the package exports only `tableFromIPC`, both at once):
 * readArrow.ts checks the decoded messages (arrowBatches.ts) between them. The types are the
 * package's own, from its dist/types.
 */
declare module '@uwdata/flechette/src/decode/decode-ipc.js' {
  export { decodeIPC } from '@uwdata/flechette/dist/types/decode/decode-ipc.js';
}
declare module '@uwdata/flechette/src/decode/table-from-ipc.js' {
  export { createTable } from '@uwdata/flechette/dist/types/decode/table-from-ipc.js';
}
