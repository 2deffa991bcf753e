/** The engine as a Node worker thread (`cli sweep`), exposed with comlink's node adapter. */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createEngine } from '../engine.ts';

if (!parentPort) throw new Error('engine.node.ts runs as a worker thread');
expose(createEngine(), nodeEndpoint(parentPort));
