/**
 * A value read when first needed and kept for the container's life; a failed read is forgotten, so the next call reads
 * again (a transient Secrets Manager error must not break a container for good, nor kill it at its cold start).
 */
export function memoizedUntilFailure<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= read().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}
