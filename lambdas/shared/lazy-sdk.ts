import { memoizedUntilFailure } from './memoized.js';

/**
 * An AWS SDK client loaded at its first call, not at the function's cold start. Every function imports the shared
 * environment, which names every provider; with each provider's SDK imported at module scope, a function that never
 * sends an e-mail still parsed SES's client (and S3's, Cognito's, Step Functions'…) at every cold start — the health
 * route loaded seven clients it never calls. esbuild keeps `import()` of an external package as it is, so a client
 * loads only in the functions (and on the first request) that use it. The module and the client are kept for the
 * container's life; a client given by the caller (a test's) is used as it is.
 */
export function lazyClient<Sdk, Client>(
  load: () => Promise<Sdk>,
  create: (sdk: Sdk) => Client,
  given?: Client,
): () => Promise<{ sdk: Sdk; client: Client }> {
  return memoizedUntilFailure(async () => {
    const sdk = await load();
    return { sdk, client: given ?? create(sdk) };
  });
}
