// A worker_threads entry when the bundled engine (engineBundle.ts) cannot be built: Node 20
// cannot start a .ts file as a worker, so this plain module
// registers tsx's loader in the worker and then imports the TypeScript engine worker.
import { register } from 'tsx/esm/api';

register();
await import('./engine.node.ts');
