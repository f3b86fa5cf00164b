// What esbuild's binary loader does in the Lambda bundle (lib/bundling.ts `loader`), for code run from source: a module
// that imports a font file gets its bytes as the default export. Synchronous, in-thread hooks (Node ≥ 22.15), so they
// apply in whichever worker registers them and compose with tsx's.
import { registerHooks } from 'node:module';

const BINARY = /\.ttf$/;

export function registerBinaryImports() {
  registerHooks({
    load(url, context, nextLoad) {
      if (!BINARY.test(new URL(url).pathname)) return nextLoad(url, context);
      return {
        format: 'module',
        source: `import { readFileSync } from 'node:fs'; export default new Uint8Array(readFileSync(new URL(import.meta.url)));`,
        shortCircuit: true,
      };
    },
  });
}
