import { LIVE_TOKEN_PARAM, liveMessageSchema, type LiveMessage } from '@domain/live.js';

/** The part of the browser's WebSocket the channel uses, so tests can hand in a fake. */
export type SocketLike = {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  close(): void;
};

export type LiveChannelOptions = {
  url: string;
  /** The current id token; null means nobody is signed in, so nothing connects. */
  token: () => Promise<string | null>;
  onMessage: (message: LiveMessage) => void;
  /** After a dropped connection is back: whatever changed meanwhile was not pushed, so refetch. */
  onReconnect: () => void;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 30 s; back to 1 s once a connection opens. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt);
}

/**
 * The customer's live channel: a WebSocket to the API's live stage, authenticated with the id token in the query string
 * (a browser WebSocket cannot send headers), reopened with a fresh token whenever it drops — API Gateway closes every
 * connection after 2 hours. Messages that are not the domain's live messages are ignored.
 */
export function openLiveChannel(options: LiveChannelOptions): { close(): void } {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let everOpened = false;
  let closed = false;

  const retry = () => {
    if (closed) return;
    timer = setTimer(() => void connect(), reconnectDelay(attempt++));
  };

  async function connect(): Promise<void> {
    timer = null;
    const token = await options.token().catch(() => null);
    if (closed) return;
    if (!token) return retry();
    const url = new URL(options.url);
    url.searchParams.set(LIVE_TOKEN_PARAM, token);
    const current = createSocket(url.toString());
    socket = current;
    current.onopen = () => {
      attempt = 0;
      if (everOpened) options.onReconnect();
      everOpened = true;
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        const parsed = liveMessageSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) options.onMessage(parsed.data);
      } catch {
        // Not JSON: not ours.
      }
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      retry();
    };
  }

  void connect();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      socket?.close();
      socket = null;
    },
  };
}
