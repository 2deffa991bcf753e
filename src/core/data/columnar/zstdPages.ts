/**
 * Zstandard pages (RFC 8878) decompressed by zstddec, the reference C decoder compiled to
 * WebAssembly: about 3x less CPU than hyparquet-compressors' JavaScript decoder (fzstd) on 1 MB
 * pages, and zstd is the codec DuckDB, pyarrow and Spark write most. The wasm module is compiled
 * once per thread (`zstdReady`, awaited by the Parquet reader before its first page); until it is
 * ready, or for a page past `WASM_PAGE_LIMIT`, the JavaScript decoder runs instead, with the same
 * result. A damaged frame comes out of either decoder shorter than the page header's claim (the
 * wasm decoder returns nothing at all), and hyparquet refuses any page whose length differs from
 * its claim, so a bad page is an error naming the file, never a page of garbage.
 */
import { decompressZstd } from 'hyparquet-compressors';
import { ZSTDDecoder } from 'zstddec';

/**
 * Pages larger than this go to the JavaScript decoder: the wasm heap grows to the largest page it
 * decoded and never shrinks, and a failed allocation there is not reported to the caller.
 * Writers' pages are about 1 MB (DuckDB, pyarrow, hyparquet-writer).
 */
export const WASM_PAGE_LIMIT = 64 * 1024 * 1024;

const wasm = new ZSTDDecoder();
let wasmReady = false;
let loading: Promise<void> | null = null;

/** Compiles the wasm decoder once; a platform without WebAssembly keeps the JavaScript one. */
export function zstdReady(): Promise<void> {
  loading ??= wasm.init().then(
    () => {
      wasmReady = true;
    },
    () => {},
  );
  return loading;
}

/** Which decoder a page of `length` bytes goes to now. */
export function zstdDecoderFor(length: number): 'wasm' | 'javascript' {
  return wasmReady && length > 0 && length <= WASM_PAGE_LIMIT ? 'wasm' : 'javascript';
}

/** The `length` bytes that the zstd frames in `input` decompress to (shorter when they are bad). */
export function decompressZstdPage(input: Uint8Array, length: number): Uint8Array {
  if (zstdDecoderFor(length) === 'wasm') return wasm.decode(input, length);
  return decompressZstd(input, new Uint8Array(length));
}
