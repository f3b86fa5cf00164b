// What esbuild's file loader does in the Lambda bundle (lib/bundling.ts `loader`), for code run from source: a module
// that imports a font or WebAssembly file gets where the file is (its own file: URL) as the default export. Synchronous, in-thread hooks (Node ≥ 22.15), so they
// apply in whichever worker registers them and compose with tsx's.
import { registerHooks } from 'node:module';

const BINARY = /\.(ttf|wasm)$/;

export function registerBinaryImports() {
  registerHooks({
    load(url, context, nextLoad) {
      if (!BINARY.test(new URL(url).pathname)) return nextLoad(url, context);
      return {
        format: 'module',
        source: 'export default import.meta.url;',
        shortCircuit: true,
      };
    },
  });
}
