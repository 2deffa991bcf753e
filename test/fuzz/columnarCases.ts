/**
 * Damaged Parquet and Arrow files through the command line (issue 43), as the outside harness made
 * them: a footer field or a page-header field rewritten to a hostile value through the Thrift
 * compact codec (parquetRewrite.ts: the file stays well framed, only that field lies), bytes
 * flipped inside a Parquet page or an Arrow record batch. `stats` or `anonymize --memory-mb 16`
 * must answer with exit 0 (the damage left a readable file) or exit 2 with one `error:` line naming
 * the file; never exit 1, never a library's message alone, never a hang; the input unchanged, no
 * file written.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../../src/core/base/rng.ts';
import { transactionsParquet } from '../../src/core/data/columnar/writeParquet.ts';
import {
  isStruct,
  T,
  type ThriftStruct,
  type ThriftValue,
} from '../../src/core/data/columnar/thriftCompact.ts';
import { caseRng, pickOf, type CaseSource, type FuzzCase } from './fuzzCase.ts';
import { arrowStream, hostileRows } from './hostileFiles.ts';
import { rewriteParquet, setInt } from './parquetRewrite.ts';

const HOSTILE = [-1, 0, 1, 7, 99, 255, 65_535, 2 ** 31 - 1, -(2 ** 31), 1e9];

/** Every integer field in `struct` and below (a struct in a list included). */
function intFields(struct: ThriftStruct): { owner: ThriftStruct; id: number }[] {
  const found: { owner: ThriftStruct; id: number }[] = [];
  const visit = (value: ThriftValue) => {
    if (isStruct(value)) walk(value);
    else if (typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'list')
      value.items.forEach(visit);
  };
  const walk = (s: ThriftStruct) => {
    for (const [id, field] of s.fields) {
      if (field.type === T.I16 || field.type === T.I32 || field.type === T.I64) found.push({ owner: s, id });
      else visit(field.value);
    }
  };
  walk(struct);
  return found;
}

function rewriteOne(rng: Rng, struct: ThriftStruct): string {
  const fields = intFields(struct);
  const { owner, id } = pickOf(rng, fields);
  const value = rng.int(3) === 0 ? rng.int(1 << 20) : pickOf(rng, HOSTILE);
  setInt(owner, id, value);
  return `field ${id} = ${value}`;
}

function flip(rng: Rng, bytes: Uint8Array, from: number, to: number, count: number): string {
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = from + rng.int(Math.max(1, to - from));
    bytes[p] ^= 1 << rng.int(8);
    at.push(p);
  }
  return `bytes ${at.join(', ')} flipped`;
}

function damaged(rng: Rng): { name: string; bytes: Uint8Array; what: string } {
  const rows = hostileRows(60 + rng.int(400));
  const kind = rng.int(4);
  if (kind === 0) {
    let what = '';
    const bytes = rewriteParquet(transactionsParquet(rows, rng.int(2) ? 'list' : 'long'), {
      footer: (footer) => (what = `footer ${rewriteOne(rng, footer)}`),
    });
    return { name: 'd.parquet', bytes, what };
  }
  if (kind === 1) {
    let what = '';
    const target = rng.int(3);
    const bytes = rewriteParquet(transactionsParquet(rows, 'list'), {
      page: (header, place) => {
        if (place.page === target || (what === '' && place.page > target))
          what = `page ${place.page} header ${rewriteOne(rng, header)}`;
      },
    });
    return { name: 'p.parquet', bytes, what: what || 'no page edited' };
  }
  if (kind === 2) {
    const bytes = transactionsParquet(rows, 'list');
    // The pages lie between the leading PAR1 and the footer.
    const footerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - 8, true);
    return {
      name: 'f.parquet',
      bytes,
      what: flip(rng, bytes, 4, bytes.length - 8 - footerLength, 1 + rng.int(4)),
    };
  }
  const bytes = arrowStream(40 + rng.int(300));
  return { name: 'a.arrows', bytes, what: flip(rng, bytes, 8, bytes.length, 1 + rng.int(3)) };
}

export const columnarCase: CaseSource = (seed, index) => {
  const rng = caseRng(seed, 'columnar', index);
  const file = damaged(rng);
  const command = rng.int(3) === 0 ? 'anonymize' : 'stats';
  const fuzzCase: FuzzCase = {
    category: 'columnar',
    name: `${command} ${file.name}: ${file.what}`,
    prepare(dir) {
      const path = join(dir, file.name);
      writeFileSync(path, file.bytes);
      const argv =
        command === 'stats'
          ? ['stats', path]
          : [
              'anonymize',
              path,
              '--method',
              'pta',
              '--k',
              '2',
              '--workers',
              '1',
              '--memory-mb',
              '16',
              '--out',
              join(dir, 'r.json'),
            ];
      return {
        argv,
        // A reason in words naming the file; the library's own phrases alone are not one.
        expect: {
          code: [0, 2],
          message: new RegExp(
            // The old wrapper `cannot be read (LIBRARY MESSAGE)` said nothing in words.
            `${file.name.replace('.', '\\.')}(?::\\d+:\\d+)?: (?!.*cannot be read \\()`,
          ),
        },
        unchanged: [path],
        mayWrite: command === 'anonymize' ? ['r.json'] : [],
      };
    },
  };
  return fuzzCase;
};
