/**
 * A font file (or a WebAssembly binary) imported by a module is where the file is, as a URL relative to the importing module's own URL (resolve
 * it with `new URL(imported, import.meta.url)`): esbuild's file loader copies the file beside the Lambda bundle
 * (lib/bundling.ts) and gives `./<name>-<hash>.ttf`; a load hook in the local function workers
 * (local/functions/binary-imports.mjs) and a plugin under vitest (test/vitest-projects.ts) give the file's own
 * `file:` URL.
 */
declare module '*.ttf' {
  const url: string;
  export default url;
}

declare module '*.wasm' {
  const url: string;
  export default url;
}
