/**
 * Weka ARFF parser (DESIGN.md sec. 2), dense and sparse. Attributes become items this way:
 * - a presence attribute (nominal `{t}`, `{0,1}`, `{f,t}`, or numeric) yields the item `name` when
 *   its value is `t`/`1`/`true`, and nothing for `0`/`f`/`false`/`?`;
 * - any other value v yields the item `name=v` (`?` is missing and yields nothing).
 * In sparse rows (`{i v, j w}`) an omitted attribute is 0: absent. Quoted attribute names honour
 * Weka's backslash escapes (`\'`, `\\`, `\n`, ...). Errors name the line and column:
 * a row with too many or too few values, an index out of range or given twice in a sparse row, a
 * nominal value not declared, a numeric value that is no number, an attribute declared twice.
 */
import { DatasetBuilder } from '../datasetBuilder.ts';
import { noTransactionError, ParseError, WarningLog } from './parseError.ts';
import type { PieceReader } from './textPieces.ts';
import type { ParseOptions } from './types.ts';

interface Attribute {
  name: string;
  /** Declared nominal values, or null for numeric/string/date. */
  nominal: Set<string> | null;
  numeric: boolean;
}

interface Value {
  text: string;
  column: number;
}

/** A numeric value as ARFF writes it (Weka's numeric, real, integer; `?` is handled before). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(Infinity|NaN)$/;
const PRESENT = new Set(['1', 't', 'true']);
const ABSENT = new Set(['0', 'f', 'false', '?']);
const PRESENCE_DOMAINS = ['t', '0,1', '1,0', 'f,t', 't,f', 'false,true', 'true,false'];

/** The ARFF parser, fed the file's text piece by piece (textPieces.ts): line by line. */
export function arffReader(options: ParseOptions): PieceReader {
  const file = options.fileName;
  const attributes: Attribute[] = [];
  const builder = new DatasetBuilder();
  const warnings = new WarningLog();
  let inData = false;
  let dataLine = 0;
  let lastLine = 1;
  const visit = (raw: string, lineNo: number) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('%')) return;
    if (!inData) {
      const keyword = trimmed.split(/\s+/, 1)[0].toLowerCase();
      if (keyword === '@relation') return;
      if (keyword === '@attribute') {
        const attribute = parseAttribute(line, file, lineNo);
        const earlier = attributes.findIndex((a) => a.name === attribute.name);
        if (earlier >= 0)
          throw new ParseError(
            file,
            lineNo,
            1,
            `attribute '${attribute.name}' is declared twice (attributes ${earlier + 1} and ${attributes.length + 1})`,
          );
        attributes.push(attribute);
      } else if (keyword === '@data') {
        if (attributes.length === 0)
          throw new ParseError(file, lineNo, 1, 'expected @attribute lines before @data');
        inData = true;
        dataLine = lineNo;
      } else
        throw new ParseError(
          file,
          lineNo,
          1,
          `expected @relation, @attribute or @data, found '${trimmed.slice(0, 20)}'`,
        );
      return;
    }
    const values = trimmed.startsWith('{')
      ? sparseValues(line, attributes, file, lineNo)
      : denseValues(line, attributes, file, lineNo);
    const tokens: string[] = [];
    values.forEach((value, a) => {
      if (value) {
        const token = itemOf(attributes[a], value, file, lineNo);
        if (token !== null) tokens.push(token);
      }
    });
    const repeats = builder.addTokens(tokens);
    if (repeats > 0) warnings.add(lineNo, `${repeats} repeated item(s) kept once`);
  };
  return {
    piece(text, firstLine) {
      const lines = text.split('\n');
      lines.forEach((raw, index) => visit(raw, firstLine + index));
      lastLine = firstLine + lines.length - 1;
    },
    finish() {
      if (!inData) throw new ParseError(file, lastLine, 1, 'expected an @data section, found none');
      const dataset = builder.build(file, 'arff', options.bitBudget);
      if (dataset.d === 0)
        throw noTransactionError(
          file,
          dataset.n === 0
            ? `the @data section (line ${dataLine}) holds no row`
            : `its ${dataset.n} data row(s) hold no item (every value is absent or missing)`,
          dataLine,
        );
      return { dataset, format: 'arff', warnings: warnings.summary() };
    },
  };
}

function parseAttribute(line: string, file: string, lineNo: number): Attribute {
  const rest = line.trim().slice('@attribute'.length).trim();
  const [name, afterName] = readName(rest);
  if (!name) throw new ParseError(file, lineNo, 1, 'expected an attribute name after @attribute');
  const type = afterName.trim();
  if (type.startsWith('{')) {
    const close = type.lastIndexOf('}');
    if (close < 0)
      throw new ParseError(file, lineNo, line.length + 1, "expected '}' closing the nominal values");
    const declared = splitValues(type.slice(1, close), 0).map((v) => unquote(v.text));
    return { name, nominal: new Set(declared), numeric: false };
  }
  const kind = type.split(/\s+/, 1)[0].toLowerCase();
  if (!['numeric', 'real', 'integer', 'string', 'date'].includes(kind)) {
    throw new ParseError(
      file,
      lineNo,
      line.indexOf(type) + 1,
      `expected a type (numeric, real, integer, string, date or {values}), found '${type}'`,
    );
  }
  return { name, nominal: null, numeric: kind !== 'string' && kind !== 'date' };
}

/** Weka's backslash escapes inside quoted names (what the exporter writes, arffQuote). */
const ESCAPED: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t' };

function readName(text: string): [string, string] {
  const quote = text[0];
  if (quote === "'" || quote === '"') {
    let name = '';
    for (let i = 1; i < text.length; i++) {
      const c = text[i];
      if (c === quote) return [name, text.slice(i + 1)];
      if (c === '\\' && i + 1 < text.length) name += ESCAPED[text[++i]] ?? text[i];
      else name += c;
    }
    return ['', ''];
  }
  const match = /^(\S+)(.*)$/.exec(text);
  return match ? [match[1], match[2]] : ['', ''];
}

function denseValues(
  line: string,
  attributes: Attribute[],
  file: string,
  lineNo: number,
): (Value | undefined)[] {
  const values = splitValues(line, 0);
  if (values.length !== attributes.length) {
    const column = values.length > attributes.length ? values[attributes.length].column : line.length + 1;
    throw new ParseError(
      file,
      lineNo,
      column,
      `expected ${attributes.length} values as declared by @attribute, found ${values.length}`,
    );
  }
  return values;
}

function sparseValues(
  line: string,
  attributes: Attribute[],
  file: string,
  lineNo: number,
): (Value | undefined)[] {
  const open = line.indexOf('{');
  const close = line.lastIndexOf('}');
  if (close < open)
    throw new ParseError(file, lineNo, line.length + 1, "expected '}' closing the sparse row");
  const out: (Value | undefined)[] = new Array(attributes.length);
  if (line.slice(open + 1, close).trim() === '') return out;
  for (const entry of splitValues(line.slice(open + 1, close), open + 1)) {
    const match = /^(\d+)\s+(.+)$/.exec(entry.text);
    if (!match)
      throw new ParseError(
        file,
        lineNo,
        entry.column,
        `expected 'index value' in a sparse row, found '${entry.text}'`,
      );
    const index = Number(match[1]);
    if (out[index] !== undefined)
      throw new ParseError(
        file,
        lineNo,
        entry.column,
        `attribute index ${index} is given twice in this sparse row (first at column ${out[index]!.column})`,
      );
    if (index >= attributes.length) {
      throw new ParseError(
        file,
        lineNo,
        entry.column,
        `attribute index ${index} out of range 0..${attributes.length - 1}`,
      );
    }
    out[index] = { text: match[2].trim(), column: entry.column };
  }
  return out;
}

/** Splits on commas outside quotes; each value trimmed, with its 1-based column in the line. */
function splitValues(text: string, baseOffset: number): Value[] {
  const values: Value[] = [];
  let start = 0;
  let quote = '';
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote && text[i - 1] !== '\\') quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ',' || i === text.length) {
      const raw = text.slice(start, i);
      const lead = raw.length - raw.trimStart().length;
      values.push({ text: raw.trim(), column: baseOffset + start + lead + 1 });
      start = i + 1;
    }
  }
  return values;
}

function unquote(text: string): string {
  const q = text[0];
  return (q === "'" || q === '"') && text.endsWith(q) && text.length >= 2 ? text.slice(1, -1) : text;
}

function isPresenceAttribute(attribute: Attribute): boolean {
  if (attribute.numeric) return true;
  return attribute.nominal !== null && PRESENCE_DOMAINS.includes([...attribute.nominal].join(','));
}

/** The item a value yields, or null for absent or missing. */
function itemOf(attribute: Attribute, value: Value, file: string, lineNo: number): string | null {
  const v = unquote(value.text);
  if (v === '?') return null;
  if (attribute.nominal && !attribute.nominal.has(v)) {
    throw new ParseError(
      file,
      lineNo,
      value.column,
      `expected one of {${[...attribute.nominal].join(',')}} for attribute '${attribute.name}', found '${v}'`,
    );
  }
  if (attribute.numeric && !NUMBER.test(v))
    throw new ParseError(
      file,
      lineNo,
      value.column,
      `expected a number for numeric attribute '${attribute.name}', found '${v}'`,
    );
  if (isPresenceAttribute(attribute)) {
    const lower = v.toLowerCase();
    if (PRESENT.has(lower)) return attribute.name;
    if (ABSENT.has(lower)) return null;
  }
  return `${attribute.name}=${v}`;
}
