import { describe, expect, it, vi } from 'vitest';
import { openLiveChannel, reconnectDelay, type SocketLike } from '@/lib/live-channel';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

function harness(tokens: (string | null)[]) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const messages: unknown[] = [];
  const onReconnect = vi.fn();
  let call = 0;
  const channel = openLiveChannel({
    url: 'wss://live.example.com/live',
    token: async () => tokens[Math.min(call++, tokens.length - 1)] ?? null,
    onMessage: (message) => messages.push(message),
    onReconnect,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  return { channel, sockets, timers, messages, onReconnect };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openLiveChannel', () => {
  it('connects with the id token in the query string and hands over valid live messages only', async () => {
    const { sockets, messages } = harness(['id.token.1']);
    await settle();
    expect(sockets).toHaveLength(1);
    expect(new URL(sockets[0]!.url).searchParams.get('token')).toBe('id.token.1');
    sockets[0]!.onopen?.();
    const change = { type: 'process-status', contractId: 'c', from: 'pago', to: 'peticionado', self: false };
    sockets[0]!.onmessage?.({ data: JSON.stringify(change) });
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'unknown' }) });
    sockets[0]!.onmessage?.({ data: new ArrayBuffer(2) });
    expect(messages).toEqual([change]);
  });

  it('reconnects with a fresh token after a drop, backing off, and asks for a refetch once it is back', async () => {
    const { sockets, timers, onReconnect } = harness(['t1', 't2']);
    await settle();
    sockets[0]!.onopen?.();
    expect(onReconnect).not.toHaveBeenCalled();
    sockets[0]!.onclose?.();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.run();
    await settle();
    expect(new URL(sockets[1]!.url).searchParams.get('token')).toBe('t2');
    sockets[1]!.onopen?.();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('waits and tries again while nobody is signed in, and stops for good when closed', async () => {
    const { channel, sockets, timers } = harness([null, 't1']);
    await settle();
    expect(sockets).toHaveLength(0);
    expect(timers).toHaveLength(1);
    timers[0]!.run();
    await settle();
    expect(sockets).toHaveLength(1);
    channel.close();
    expect(sockets[0]!.closed).toBe(true);
    sockets[0]!.onclose?.();
    expect(timers).toHaveLength(1);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
