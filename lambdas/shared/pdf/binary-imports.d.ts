/**
 * A font file (or a WebAssembly binary) imported by a module is where the file is, as a URL relative to the importing module's own URL (resolve
 * it with `new URL(imported, import.meta.url)`): esbuild's file loader copies the file beside the Lambda bundle
 * (lib/bundling.ts, and the local runtime's build in local/functions/function-build.ts) and gives
 * `./<name>-<hash>.ttf`; a plugin under vitest (test/vitest-projects.ts) gives the file's own `file:` URL.
 */
declare module '*.ttf' {
  const url: string;
  export default url;
}

declare module '*.wasm' {
  const url: string;
  export default url;
}
