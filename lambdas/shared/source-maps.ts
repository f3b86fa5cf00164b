import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that point at the TypeScript source, paid for only when an error is logged. A bundle ships its map
 * beside it (lib/bundling.ts), but Node is not started with `--enable-source-maps`: that flag reads and parses every
 * map at each cold start (SignContract: 0.20 s to load instead of 0.12 s), though most invocations never log an error.
 * Here a frame's map is read the first time a logged error points into its file, and kept for the container's life.
 * The local runtime's build ships its maps the same way (local/functions/function-build.ts); a frame with no map beside
 * its file (the TypeScript itself, run by the tests) is left as is.
 */
const maps = new Map<string, SourceMap | null>();

function mapBeside(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map !== undefined) return map;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  } catch {
    map = null;
  }
  maps.set(file, map);
  return map;
}

// `at fn (file:///var/task/index.mjs:1:2345)` or `at /var/task/index.mjs:1:2345`: the file, its line and column.
const FRAME = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)/g;

/** `stack` with each bundle frame replaced by its source's file, line and column (1-based, as stacks print them). */
export function sourceMappedStack(stack: string): string {
  return stack.replace(FRAME, (frame, location: string, line: string, column: string) => {
    const file = location.startsWith('file://') ? fileURLToPath(location) : location;
    const map = mapBeside(file);
    const origin = map?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return frame;
    return `${origin.fileName}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}

/**
 * The logger's JSON replacer: an error (and each of its causes) gets its stack mapped before Powertools formats it.
 * The error itself is changed: its stack is only ever read to be logged, and a mapped stack maps to itself.
 */
export function withSourceMappedStacks(_key: string, value: unknown): unknown {
  for (let error = value; error instanceof Error; error = error.cause) {
    if (typeof error.stack === 'string') error.stack = sourceMappedStack(error.stack);
  }
  return value;
}
