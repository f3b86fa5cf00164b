import { readFileSync } from 'node:fs';
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import heicDecoderOf from 'heic-decode/lib.js';
import libheif from 'libheif-js/libheif-wasm/libheif.js';
import libheifWasm from 'libheif-js/libheif-wasm/libheif.wasm';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { KIT_MESSAGES, KIT_PDF_TARGET, KIT_UPLOAD_LIMITS } from '../../domain/filing-kit.js';
import { refusal } from '../../domain/refusals.js';
import { ValidationError } from '../shared/errors.js';

/**
 * What the server checks in an uploaded file before anyone opens it, and how it turns it into what a
 * court system takes: one A4 PDF, images at 150 dpi, ≤ 2 MB where the image allows.
 *
 * Libraries: `file-type` (magic bytes), `image-size` (an image's dimensions from its header, nothing decoded),
 * `jpeg-js` and `pngjs` (pure JavaScript decoders and encoder, bundled into the function's one file), `heic-decode`
 * (libheif compiled to WebAssembly: phones' HEIC photos are HEVC, which sharp's prebuilt libvips cannot decode), and
 * `pdf-lib` (already used for the contracts). No native binary: nothing to build per architecture (docs/decisions.md,
 * The filing kit's files).
 */

let heicDecoder: ReturnType<typeof heicDecoderOf>['one'] | undefined;

/**
 * libheif's WebAssembly (1.4 MB) is a file beside the code, compiled on the first HEIC photo: inlined as base64 (the
 * package's default) it was two thirds of this function's code, parsed at every cold start for the few uploads that
 * are HEIC.
 */
function decodeHeic(input: { buffer: Uint8Array }) {
  heicDecoder ??= heicDecoderOf(libheif({ wasmBinary: readFileSync(new URL(libheifWasm, import.meta.url)) })).one;
  return heicDecoder(input);
}

export type InspectedFile =
  | { type: 'application/pdf'; pages: number }
  | { type: 'image/jpeg' | 'image/png' | 'image/heic'; width: number; height: number; orientation?: number };

const refused = (message: (typeof KIT_MESSAGES)[keyof typeof KIT_MESSAGES] & string) =>
  new ValidationError(refusal('kit_file_refused', message as never));

/**
 * The file's real type and shape, or a pt-BR refusal (400, reason `kit_file_refused`): an empty file, anything but a
 * PDF, JPEG, PNG or HEIC whatever its name says (a renamed executable), an encrypted or corrupt PDF, a PDF whose
 * compressed streams would inflate past the limit (a 'PDF bomb'), an image whose header announces more pixels than the
 * limit. Nothing here allocates more than the limits allow.
 */
export async function inspectUpload(bytes: Uint8Array): Promise<InspectedFile> {
  if (bytes.byteLength === 0) throw refused(KIT_MESSAGES.empty);
  if (bytes.byteLength > KIT_UPLOAD_LIMITS.maxBytes) throw refused(KIT_MESSAGES.tooLarge);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as string | undefined;
  if (mime === 'application/pdf') return { type: 'application/pdf', pages: await inspectPdf(bytes) };
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/heic' || mime === 'image/heif') {
    const type = mime === 'image/heif' ? 'image/heic' : mime;
    let size: ReturnType<typeof imageSize>;
    try {
      size = imageSize(bytes);
    } catch {
      throw refused(KIT_MESSAGES.corrupt);
    }
    const { width, height } = size;
    if (!width || !height) throw refused(KIT_MESSAGES.corrupt);
    if (
      width > KIT_UPLOAD_LIMITS.maxImageSide ||
      height > KIT_UPLOAD_LIMITS.maxImageSide ||
      width * height > KIT_UPLOAD_LIMITS.maxImagePixels
    ) {
      throw refused(KIT_MESSAGES.imageTooLarge);
    }
    return { type, width, height, ...(size.orientation ? { orientation: size.orientation } : {}) };
  }
  throw refused(KIT_MESSAGES.wrongType);
}

/** Pages of a PDF that passed the checks; refuses encrypted, corrupt, oversized and bomb PDFs. */
async function inspectPdf(bytes: Uint8Array): Promise<number> {
  // An encrypted PDF names its encryption dictionary in its trailer (or xref stream): pdf-lib reads some as encrypted
  // and fails on others (AES-256) as if they were corrupt, so the name decides first.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt')) {
    throw refused(KIT_MESSAGES.encrypted);
  }
  assertNoInflationBomb(bytes);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw refused(KIT_MESSAGES.encrypted);
    throw refused(KIT_MESSAGES.corrupt);
  }
  // pdf-lib may load an encrypted PDF (with `isEncrypted` set) whose objects it then cannot read.
  if (pdf.isEncrypted) throw refused(KIT_MESSAGES.encrypted);
  let pages: number;
  try {
    // A PDF without a catalogue or page tree loads, and only fails here.
    pages = pdf.getPageCount();
  } catch {
    throw refused(KIT_MESSAGES.corrupt);
  }
  if (pages === 0) throw refused(KIT_MESSAGES.corrupt);
  if (pages > KIT_UPLOAD_LIMITS.maxPdfPages) throw refused(KIT_MESSAGES.pdfTooComplex);
  return pages;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * A 'PDF bomb' is a small Flate stream that inflates to gigabytes: pdf-lib inflates object streams whole while loading.
 * Every stream is inflated here first under one shared budget (`maxOutputLength` makes zlib stop, not allocate), so a
 * bomb is refused before any parser sees it. Streams that are not Flate (images, fonts) fail to inflate and are skipped.
 */
export function assertNoInflationBomb(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget: number = KIT_UPLOAD_LIMITS.maxPdfInflatedBytes;
  let at = buffer.indexOf(STREAM);
  while (at !== -1) {
    // 'endstream' also contains 'stream': only a keyword followed by an end of line opens a stream.
    let start = at + STREAM.length;
    if (buffer[start] === 0x0d) start += 1;
    if (buffer[start] !== 0x0a || buffer.subarray(Math.max(0, at - 3), at).toString() === 'end') {
      at = buffer.indexOf(STREAM, at + STREAM.length);
      continue;
    }
    start += 1;
    const end = buffer.indexOf(END_STREAM, start);
    if (end === -1) break;
    try {
      const inflated = inflateSync(buffer.subarray(start, end), {
        maxOutputLength: Math.max(1, budget),
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
      budget -= inflated.byteLength;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        throw refused(KIT_MESSAGES.pdfTooComplex);
      }
    }
    if (budget <= 0) throw refused(KIT_MESSAGES.pdfTooComplex);
    at = buffer.indexOf(STREAM, end + END_STREAM.length);
  }
}

type Raster = { width: number; height: number; data: Uint8Array };

/** Decodes an inspected image to RGBA, upright (a phone's EXIF orientation applied). */
async function decodeImage(bytes: Uint8Array, file: Extract<InspectedFile, { width: number }>): Promise<Raster> {
  let raster: Raster;
  try {
    if (file.type === 'image/jpeg') {
      const decoded = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: KIT_UPLOAD_LIMITS.maxImagePixels / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      raster = { width: decoded.width, height: decoded.height, data: decoded.data };
    } else if (file.type === 'image/png') {
      const decoded = PNG.sync.read(Buffer.from(bytes));
      raster = { width: decoded.width, height: decoded.height, data: decoded.data };
    } else {
      const decoded = await decodeHeic({ buffer: bytes });
      raster = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data.buffer) };
    }
  } catch {
    throw refused(KIT_MESSAGES.corrupt);
  }
  if (raster.width * raster.height > KIT_UPLOAD_LIMITS.maxImagePixels) throw refused(KIT_MESSAGES.imageTooLarge);
  return file.type === 'image/jpeg' ? orient(raster, file.orientation ?? 1) : raster;
}

/**
 * Scales an RGBA raster down (never up) to fit `maxWidth` × `maxHeight` by averaging each target pixel's source box,
 * flattening transparency onto white (a scan's background). Area averaging keeps small print legible at 150 dpi.
 */
export function fitRaster(source: Raster, maxWidth: number, maxHeight: number): Raster {
  const scale = Math.min(1, maxWidth / source.width, maxHeight / source.height);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const out = new Uint8Array(width * height * 4);
  const xRatio = source.width / width;
  const yRatio = source.height / height;
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y * yRatio);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * yRatio));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x * xRatio);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * xRatio));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        let i = (sy * source.width + x0) * 4;
        for (let sx = x0; sx < x1; sx += 1, i += 4) {
          const alpha = source.data[i + 3]! / 255;
          r += source.data[i]! * alpha + 255 * (1 - alpha);
          g += source.data[i + 1]! * alpha + 255 * (1 - alpha);
          b += source.data[i + 2]! * alpha + 255 * (1 - alpha);
          n += 1;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** EXIF orientations 3, 6 and 8 (a phone held upside down or sideways); mirrored ones are kept as they are. */
function orient(raster: Raster, orientation: number): Raster {
  if (orientation !== 3 && orientation !== 6 && orientation !== 8) return raster;
  const { width, height, data } = raster;
  const turned = orientation !== 3;
  const out = new Uint8Array(data.length);
  const outWidth = turned ? height : width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [nx, ny] =
        orientation === 3
          ? [width - 1 - x, height - 1 - y]
          : orientation === 6
            ? [height - 1 - y, x]
            : [y, width - 1 - x];
      out.set(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (ny * outWidth + nx) * 4);
    }
  }
  return { width: outWidth, height: turned ? width : height, data: out };
}

/** JPEG qualities tried in turn until one image's page fits its share of the 2 MB a court system takes. */
const JPEG_QUALITIES = [80, 65, 50];

/**
 * One uploaded file as A4 PDF pages: an image becomes one page at 150 dpi (scaled down to fit inside a 1 cm margin,
 * never up); a PDF is kept as it is (its text stays text).
 */
export async function convertToPdf(bytes: Uint8Array, file: InspectedFile): Promise<Uint8Array> {
  if (file.type === 'application/pdf') return bytes;
  const raster = fitRaster(
    await decodeImage(bytes, file),
    KIT_PDF_TARGET.maxImageWidthPx,
    KIT_PDF_TARGET.maxImageHeightPx,
  );
  let pdfBytes: Uint8Array = new Uint8Array();
  for (const quality of JPEG_QUALITIES) {
    const encoded = jpeg.encode({ width: raster.width, height: raster.height, data: raster.data }, quality).data;
    const pdf = await PDFDocument.create();
    const image = await pdf.embedJpg(encoded);
    const page = pdf.addPage([KIT_PDF_TARGET.pageWidth, KIT_PDF_TARGET.pageHeight]);
    // 150 dpi: a pixel is 72/150 of a point.
    const width = (raster.width * 72) / 150;
    const height = (raster.height * 72) / 150;
    page.drawImage(image, {
      x: (KIT_PDF_TARGET.pageWidth - width) / 2,
      y: (KIT_PDF_TARGET.pageHeight - height) / 2,
      width,
      height,
    });
    pdfBytes = await pdf.save();
    if (pdfBytes.byteLength <= KIT_PDF_TARGET.maxBytes / 2) break;
  }
  return pdfBytes;
}

/** The item's one PDF: each file's pages in the order they were sent (front, then back). */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return parts[0]!;
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
