/**
 * Property tests run with a fixed fast-check seed so that CI is repeatable; `FC_SEED=random npm test`
 * (or any number) explores other datasets, as done while developing.
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed === undefined ? 20261122 : Number(seed) });
