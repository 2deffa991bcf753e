/** An in-process stand-in for a comlink-wrapped engine worker, for pool tests. */
import type { Remote } from 'comlink';
import { createEngine } from '../workers/engine.ts';
import type { EngineApi } from '../workers/engineTypes.ts';
import type { EngineEndpoint } from '../workers/pool.ts';

/** An in-process endpoint around a real engine, recording what happened to it. */
export function fakeEndpoint(log: string[], index: number): EngineEndpoint {
  const engine = createEngine();
  const api = new Proxy(engine, {
    get(target, name: string) {
      const member = target[name as keyof EngineApi] as (...args: unknown[]) => unknown;
      return async (...args: unknown[]) => {
        log.push(`${index}:${name}`);
        return member.apply(target, args);
      };
    },
  }) as unknown as Remote<EngineApi>;
  return { api, terminate: () => log.push(`${index}:terminate`) };
}
