/**
 * The few platform globals that the core uses, present in browsers, Web Workers and Node alike.
 * The core is type-checked without DOM or Node typings (tsconfig.core.json), so they are declared here.
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare const crossOriginIsolated: boolean | undefined;
declare const performance: { now(): number };
/** The system's cryptographic randomness (Web Crypto; Node 20 has it as a global too). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T } | undefined;
