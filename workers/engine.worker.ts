/** Browser Web Worker entry: exposes the engine over comlink. */
import { expose } from 'comlink';
import { createEngine } from './engine.ts';

expose(createEngine());
