/**
 * The worker pool: `size` engine workers (as many as hardware threads, since the main thread only
 * waits while they work; one when memory cannot be shared) that all read the same datasets in
 * shared memory. Jobs wait for a free worker; a job cancelled through its AbortSignal terminates
 * its worker at once, and a fresh worker, told about every registered dataset, takes its place.
 */
import type { Remote } from 'comlink';
import type { DatasetHandle } from '../src/core/data/dataset.ts';
import type { EngineApi } from './engineTypes.ts';

export interface EngineEndpoint {
  api: Remote<EngineApi>;
  terminate(): void;
}

interface Slot {
  endpoint: EngineEndpoint;
  busy: boolean;
  /** Its place in the pool, stable across replacements (what `run` tells jobs and `onSlot` takes). */
  index: number;
}

/** A job waiting for a worker: any free one, or one slot in particular. */
interface Waiter {
  want?: Slot;
  take(slot: Slot): void;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AbortError';
  }
}

export function defaultPoolSize(hardwareConcurrency: number, canShare: boolean): number {
  return canShare ? Math.max(1, hardwareConcurrency) : 1;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly datasets = new Map<string, DatasetHandle>();

  constructor(
    private readonly spawn: () => EngineEndpoint,
    readonly size: number,
  ) {
    for (let i = 0; i < size; i++) this.slots.push({ endpoint: spawn(), busy: false, index: i });
  }

  /**
   * Runs `job` on a free worker (or on worker `onSlot`, to reach what an earlier job left in that
   * worker's memory); the job learns which worker it runs on. Rejects with CancelledError when
   * `signal` aborts.
   */
  async run<T>(
    job: (api: Remote<EngineApi>, slot: number) => Promise<T>,
    signal?: AbortSignal,
    onSlot?: number,
  ): Promise<T> {
    if (signal?.aborted) throw new CancelledError();
    const slot = await this.acquire(onSlot === undefined ? undefined : this.slots[onSlot]);
    if (signal?.aborted) {
      this.release(slot);
      throw new CancelledError();
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.replace(slot);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      job(slot.endpoint.api, slot.index).then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          if (!signal?.aborted) {
            this.release(slot);
            resolve(value);
          }
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (!signal?.aborted) {
            this.release(slot);
            reject(error);
          }
        },
      );
    });
  }

  /** Tells every worker (and every future one) about a dataset. */
  async register(id: string, handle: DatasetHandle): Promise<void> {
    this.datasets.set(id, handle);
    await Promise.all(this.slots.map((slot) => slot.endpoint.api.attach(id, handle)));
  }

  /**
   * Bytes of the registered datasets held in shared memory (every worker and the page see the
   * same bytes): what a memory measure that counts them per thread counts too often.
   */
  sharedBytes(): number {
    let bytes = 0;
    for (const handle of this.datasets.values())
      for (const array of [handle.offsets, handle.items, handle.bits])
        if (array && typeof SharedArrayBuffer !== 'undefined' && array.buffer instanceof SharedArrayBuffer)
          bytes += array.byteLength;
    return bytes;
  }

  async unregister(id: string): Promise<void> {
    this.datasets.delete(id);
    await Promise.all(this.slots.map((slot) => slot.endpoint.api.detach(id)));
  }

  terminate(): void {
    for (const slot of this.slots) slot.endpoint.terminate();
    this.slots.length = 0;
  }

  private acquire(want?: Slot): Promise<Slot> {
    const free = want ? (want.busy ? undefined : want) : this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((take) => this.waiting.push({ want, take }));
  }

  private release(slot: Slot): void {
    const at = this.waiting.findIndex((w) => w.want === undefined || w.want === slot);
    if (at < 0) {
      slot.busy = false;
      return;
    }
    const [next] = this.waiting.splice(at, 1);
    next.take(slot);
  }

  /** Terminates a slot's worker and puts a fresh one, knowing every dataset, in its place. */
  private replace(slot: Slot): void {
    slot.endpoint.terminate();
    slot.endpoint = this.spawn();
    for (const [id, handle] of this.datasets) void slot.endpoint.api.attach(id, handle);
    this.release(slot);
  }
}
