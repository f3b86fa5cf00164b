/** heic-decode ships no types: the one call used here (RGBA pixels of the primary image). */
declare module 'heic-decode' {
  export default function decode(input: {
    buffer: Uint8Array | ArrayBuffer;
  }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
