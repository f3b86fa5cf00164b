/**
 * heic-decode and libheif-js ship no types: the calls used here. The decoder is built from heic-decode's own
 * `lib.js` over libheif's WebAssembly build whose `.wasm` is a file beside the code (kit-files.ts), not the package's
 * default, which inlines the same binary as 2 MB of base64 into the bundle.
 */
declare module 'heic-decode/lib.js' {
  type Decode = (input: {
    buffer: Uint8Array | ArrayBuffer;
  }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  /** `one` decodes the primary image. */
  export default function heicDecoderOf(libheif: unknown): { one: Decode };
}

declare module 'libheif-js/libheif-wasm/libheif.js' {
  /** Emscripten's module factory: given the binary, it instantiates it (synchronously, `ready` resolves after). */
  export default function libheif(options: { wasmBinary: Uint8Array }): unknown;
}
