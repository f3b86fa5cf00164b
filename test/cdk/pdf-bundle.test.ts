// The PDF functions' fonts as deployed: esbuild's file loader copies them beside the bundle (lib/bundling.ts), and the
// bundled code reads them from there. Built with the deploy's own settings, then run.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type * as KitFiles from '../../lambdas/kit/kit-files.js';
import { lambdaEsbuildOptions } from '../../lib/bundling.js';
import { fromRepoRoot } from '../../lib/paths.js';

// Inside the repository, so the bundle's external packages resolve as on Lambda.
mkdirSync(fromRepoRoot('.bench'), { recursive: true });
const dir = mkdtempSync(fromRepoRoot('.bench/pdf-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a PDF function bundled as deployed', () => {
  it('ships the fonts as files beside its code, reads them, and draws any alphabet', async () => {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { PDFDocument } from 'pdf-lib';
import { embedDocumentFonts } from ${JSON.stringify(fromRepoRoot('lambdas/shared/pdf/fonts.ts'))};
export async function draw() {
  const pdf = await PDFDocument.create();
  const fonts = await embedDocumentFonts(pdf);
  pdf.addPage().drawText('Łukasz Nguyễn Ωμέγα Жанна', { font: fonts.regular, x: 50, y: 700, size: 12 });
  return pdf.save({ useObjectStreams: false });
}`,
    );
    const out = join(dir, 'out');
    await build({
      entryPoints: { index: entry },
      outdir: out,
      ...lambdaEsbuildOptions(),
    });
    writeFileSync(join(out, 'package.json'), '{"type":"module"}');

    const files = readdirSync(out);
    expect(files.filter((name) => name.endsWith('.ttf'))).toHaveLength(2);
    // The fonts (about 600 KB each) are not in the code; fontkit's WOFF2 decoder is stubbed out.
    expect(statSync(join(out, 'index.mjs')).size).toBeLessThan(1.5 * 1024 * 1024);

    const { draw } = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as { draw: () => Promise<Uint8Array> };
    const bytes = await draw();
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/FontFile2');
  }, 120_000);

  it("ships the HEIC decoder's WebAssembly beside its code, and converts a phone's HEIC photo from it", async () => {
    const entry = join(dir, 'heic-entry.ts');
    writeFileSync(
      entry,
      `export { inspectUpload, convertToPdf } from ${JSON.stringify(fromRepoRoot('lambdas/kit/kit-files.ts'))};`,
    );
    const out = join(dir, 'heic-out');
    await build({ entryPoints: { index: entry }, outdir: out, ...lambdaEsbuildOptions() });
    writeFileSync(join(out, 'package.json'), '{"type":"module"}');

    const files = readdirSync(out);
    expect(files.filter((name) => name.endsWith('.wasm'))).toHaveLength(1);
    // libheif's 1.4 MB binary is not in the code (the package's default inlines it as base64).
    expect(statSync(join(out, 'index.mjs')).size).toBeLessThan(1.5 * 1024 * 1024);

    const { inspectUpload, convertToPdf } = (await import(
      pathToFileURL(join(out, 'index.mjs')).href
    )) as typeof KitFiles;
    const photo = new Uint8Array(readFileSync(fromRepoRoot('test/fixtures/kit/phone-photo.heic')));
    const inspected = await inspectUpload(photo);
    expect(inspected.type).toBe('image/heic');
    const pdf = await convertToPdf(photo, inspected);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  }, 120_000);
});
