import type { Server } from 'node:http';
import sesModule from 'aws-ses-v2-local';

// The package is CommonJS with an ESM-unfriendly default export.
const startSesServer = ((sesModule as unknown as { default?: unknown }).default ?? sesModule) as unknown as (config: {
  host: string;
  port: number;
}) => Promise<Server>;

export type LocalSes = { endpoint: string; inboxUrl: string; stop(): Promise<void> };

/** aws-ses-v2-local keeps every e-mail the product sends; its `/` page is the developer's inbox. */
export async function startLocalSes(opts: { port: number }): Promise<LocalSes> {
  const server = await startSesServer({ host: '127.0.0.1', port: opts.port });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  return {
    endpoint,
    inboxUrl: `${endpoint}/`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        server.closeAllConnections?.();
        server.close(() => resolveStop());
      }),
  };
}
