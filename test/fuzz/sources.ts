/** Every category of the command-line fuzz and the source of its cases. */
import { argumentCase } from './argumentCases.ts';
import { columnarCase } from './columnarCases.ts';
import type { CaseSource, Category } from './fuzzCase.ts';
import { inputCase } from './inputCases.ts';
import { releaseCase } from './releaseCases.ts';
import { runCase } from './runCases.ts';
import { signalCase } from './signalCases.ts';
import { targetCase } from './targetCases.ts';

export const SOURCES: Readonly<Record<Category, CaseSource>> = {
  inputs: inputCase,
  arguments: argumentCase,
  targets: targetCase,
  releases: releaseCase,
  runs: runCase,
  columnar: columnarCase,
  signals: signalCase,
};

/** The fuzz's default seed (`npm run fuzz -- --seed N` draws others). */
export const DEFAULT_SEED = 29;
