/**
 * The hostile columnar files of issue 43 (test/fuzz/hostileFiles.ts, made here, small): each
 * refused in words naming the file, the place and what is wrong, before anything is allocated;
 * through the command line (a process of its own) with exit 2 under `--memory-mb 16`, a bounded
 * peak RSS and in bounded time; and the checks' small functions on their own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesBuffer, readColumnar } from '../src/core/data/columnar/readColumnar.ts';
import { ColumnarError } from '../src/core/data/columnar/columnarError.ts';
import {
  decompressedClaimProblem,
  snappyLength,
  zstdContentSize,
} from '../src/core/data/columnar/codecClaims.ts';
import { offsetsProblem } from '../src/core/data/columnar/arrowBatches.ts';
import { readThriftStruct, ThriftError } from '../src/core/data/columnar/thriftCompact.ts';
import { transactionsParquet } from '../src/core/data/columnar/writeParquet.ts';
import { listField, structField, type ThriftStruct } from '../src/core/data/columnar/thriftCompact.ts';
import {
  arrowStream,
  f1RootChildren,
  f2SnappyClaim,
  f3FlippedByte,
  hostileRows,
  offsetsDamaged,
} from './fuzz/hostileFiles.ts';
import { rewriteParquet, setInt } from './fuzz/parquetRewrite.ts';

const MIB = 1024 * 1024;

async function refusal(bytes: Uint8Array, fileName: string, memoryBudget?: number): Promise<string> {
  const format = fileName.endsWith('.parquet') ? 'parquet' : 'arrow';
  const error = await readColumnar(bytesBuffer(bytes), format, { fileName, memoryBudget }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ColumnarError);
  return (error as Error).message;
}

describe('the hostile files of issue 43, read in this process', () => {
  it('F1: a root claiming 99 children is refused naming the schema element', async () => {
    expect(await refusal(f1RootChildren(), 'f1.parquet')).toMatch(
      /^f1\.parquet: not a readable Parquet file: schema element '.+' claims 99 children, but the schema lists only \d+ elements in all \(byte [\d,]+ of the file\)$/,
    );
  });

  it("F2: a snappy page claiming 10^9 bytes is refused by the budget, and by snappy's own length", async () => {
    expect(await refusal(f2SnappyClaim(), 'f2.parquet', 16 * MIB)).toMatch(
      /^f2\.parquet: row group 1 of 1, column 'items': damaged page header at byte [\d,]+ of the file: a page that decompresses to [\d,]+ bytes, more than the memory budget of 16,777,216 bytes/,
    );
    expect(await refusal(f2SnappyClaim(), 'f2.parquet', 4096 * MIB)).toMatch(
      /column 'items': damaged page header at byte [\d,]+ of the file: snappy data of [\d,]+ bytes where the page header claims 999,99\d,\d+$/,
    );
  });

  it('F3: a flipped byte in a batch header is refused before flechette reads it', async () => {
    expect(await refusal(f3FlippedByte(), 'f3.arrows')).toMatch(
      /^f3\.arrows: damaged Arrow IPC data at byte [\d,]+ of the file: record batch 1: the column lengths \(nodes\) claims 268435458 entries where its message has room for \d+$/,
    );
  });

  it('damaged Arrow offsets are refused, not read as another dataset; the valid stream reads', async () => {
    expect(await refusal(offsetsDamaged(), 'o.arrows')).toMatch(
      /^o\.arrows: record batch 1 of 1: column 'items': the offset of row 3 \(1\) is before that of row 2 \(2\)$/,
    );
    const read = await readColumnar(bytesBuffer(arrowStream(40)), 'arrow', { fileName: 'ok.arrows' });
    expect(read.dataset.n).toBe(40);
  });

  it('footer fields out of their range are refused in words: a codec, a chunk outside the file, row counts', async () => {
    const base = transactionsParquet(hostileRows(30), 'list');
    const chunkMeta = (footer: ThriftStruct) =>
      structField(listField(listField(footer, 4)!.items[0] as ThriftStruct, 1)!.items[0] as ThriftStruct, 3)!;
    const cases: [(footer: ThriftStruct) => void, RegExp][] = [
      [(f) => setInt(chunkMeta(f), 4, 9), /column chunk 1: is compressed with an unknown codec \(number 9\)/],
      [
        (f) => setInt(chunkMeta(f), 9, 1e9),
        /column chunk 1: places its [\d,]+ bytes at byte 1,000,000,000, outside the data of the file/,
      ],
      [(f) => setInt(f, 3, 31), /the row groups hold 30 rows where the footer gives 31/],
      [(f) => setInt(chunkMeta(f), 1, 12), /column chunk 1: has an unknown physical type \(12\)/],
    ];
    for (const [edit, says] of cases)
      expect(await refusal(rewriteParquet(base, { footer: edit }), 'e.parquet')).toMatch(says);
    // The rewriter alone changes nothing a reader sees.
    const same = await readColumnar(bytesBuffer(rewriteParquet(base, {})), 'parquet', {
      fileName: 's.parquet',
    });
    expect(same.dataset.n).toBe(30);
  });
});

describe('the checks, each on its own', () => {
  it('the Thrift reader refuses a list longer than its bytes, and an unknown type', () => {
    // A struct whose field 1 is a list (type 9) of 2^20 i32 elements, with 3 bytes left.
    const list = Uint8Array.from([0x19, 0xf5, 0x80, 0x80, 0x40, 1, 2, 3]);
    expect(() => readThriftStruct(list)).toThrow(ThriftError);
    expect(() => readThriftStruct(list)).toThrow(/a list claims 1048576 elements where 3 bytes remain/);
    expect(() => readThriftStruct(Uint8Array.from([0x1f, 0]))).toThrow(
      /a value of unknown type 15 at byte 1/,
    );
  });

  it('a codec is held to its own stream: snappy length, zstd frame size, gzip ratio, the budget', () => {
    expect(snappyLength(Uint8Array.from([0xe8, 0x07, 0]))).toBe(1000);
    expect(decompressedClaimProblem('SNAPPY', Uint8Array.from([0xe8, 0x07]), 1000, MIB)).toBeNull();
    expect(decompressedClaimProblem('SNAPPY', Uint8Array.from([0xe8, 0x07]), 1001, MIB)).toMatch(
      /snappy data of 1,000 bytes/,
    );
    // zstd frame: magic, descriptor 0x20 (single segment, 1-byte size), size 200.
    const zstd = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x20, 200, 0, 0]);
    expect(zstdContentSize(zstd)).toBe(200);
    expect(decompressedClaimProblem('ZSTD', zstd, 100, MIB)).toMatch(/a zstd frame of 200 bytes/);
    expect(decompressedClaimProblem('ZSTD', zstd, 200, MIB)).toBeNull();
    expect(decompressedClaimProblem('GZIP', new Uint8Array(10), 20_000, MIB)).toMatch(
      /more than GZIP can expand/,
    );
    expect(decompressedClaimProblem('BROTLI', new Uint8Array(10), 2 * MIB, MIB)).toMatch(
      /more than the memory budget/,
    );
    expect(decompressedClaimProblem('UNCOMPRESSED', new Uint8Array(10), 11, MIB)).toMatch(/said to hold 11/);
  });

  it('offsets: monotone, starting at 0 or more, the last within the values', () => {
    expect(offsetsProblem(Int32Array.from([0, 2, 5]), 2, 5)).toBeNull();
    expect(offsetsProblem(Int32Array.from([0, 2, 5]), 2, 4)).toMatch(
      /the last offset \(5\) is past the 4 values/,
    );
    expect(offsetsProblem(Int32Array.from([-1, 2]), 1, 4)).toMatch(/the first offset is -1/);
    expect(offsetsProblem(Int32Array.from([0, 2]), 2, 4)).toMatch(/2 offsets for 2 rows/);
  });
});

/** Runs the CLI from the sources in a process of its own: exit code, stderr, peak RSS (MB), seconds. */
function measured(args: string[]): { code: number | null; stderr: string; rssMb: number; seconds: number } {
  const report = `process.on('exit',()=>process.stderr.write('maxrss '+process.resourceUsage().maxRSS+'\\n'))`;
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(report)}`,
      '--import',
      'tsx',
      'src/cli/main.ts',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  const rss = /maxrss (\d+)/.exec(result.stderr);
  return {
    code: result.status,
    stderr: result.stderr.replace(/maxrss \d+\n/, ''),
    rssMb: rss ? Number(rss[1]) / 1024 : Number.NaN,
    seconds,
  };
}

describe('the hostile files through the command line, --memory-mb 16', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txanon-hostile-'));
  const files: [string, Uint8Array][] = [
    ['f1.parquet', f1RootChildren()],
    ['f2.parquet', f2SnappyClaim()],
    ['f3.arrows', f3FlippedByte()],
  ];
  for (const [name, bytes] of files)
    it(`${name}: exit 2 with a reason in words, peak RSS under 200 MB`, () => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const run = measured([
        'anonymize',
        path,
        '--method',
        'pta',
        '--k',
        '2',
        '--memory-mb',
        '16',
        '--workers',
        '1',
        '--out',
        join(dir, 'r.json'),
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^error: ${name.replace('.', '\\.')}: .*(claims|decompresses)`));
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(run.rssMb).toBeLessThan(200);
      // Generous for a loaded 2-core machine (tsx's start included); the old reader took 11-60 s on F3.
      expect(run.seconds).toBeLessThan(20);
    }, 60_000);
});
