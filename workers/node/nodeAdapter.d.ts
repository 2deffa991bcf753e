// comlink ships the node adapter's types as node-adapter.d.ts beside the .mjs file we import.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
