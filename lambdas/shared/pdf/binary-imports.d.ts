/**
 * A font file imported by a module is its bytes: esbuild's binary loader on AWS (lib/bundling.ts), a load hook in the
 * local function workers (local/functions/worker-boot.mjs) and a plugin under vitest (test/vitest-projects.ts).
 */
declare module '*.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
