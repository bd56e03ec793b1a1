import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveConnectionDeps, startLiveConnection } from './live-connection';
import { liveStatus, unlessLive } from './live-status';

/** A stand-in EventSource the test drives: `emit('ready')`, `emit('change', data)`, `fail()`. */
class FakeStream {
  static opened: FakeStream[] = [];
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeStream.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown = {}) {
    this.listeners.get(name)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.();
  }
}

function setup(ticket: () => Promise<string | null> = async () => 'tkt') {
  const visibility = new EventTarget();
  const doc = {
    hidden: false,
    addEventListener: visibility.addEventListener.bind(visibility),
    removeEventListener: visibility.removeEventListener.bind(visibility),
  };
  const calls = { topics: [] as string[][], opened: [] as number[], lost: 0, tickets: 0 };
  const deps: LiveConnectionDeps = {
    requestTicket: () => {
      calls.tickets++;
      return ticket();
    },
    openStream: (url) => new FakeStream(url) as unknown as EventSource,
    onTopics: (topics) => calls.topics.push([...topics]),
    onOpen: (since) => calls.opened.push(since),
    onLost: () => calls.lost++,
    document: doc as unknown as LiveConnectionDeps['document'],
  };
  const stop = startLiveConnection(deps);
  const setHidden = (hidden: boolean) => {
    doc.hidden = hidden;
    visibility.dispatchEvent(new Event('visibilitychange'));
  };
  return { calls, stop, setHidden, stream: () => FakeStream.opened.at(-1)! };
}

describe('the live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeStream.opened = [];
  });
  afterEach(() => vi.useRealTimers());

  it('opens with a ticket, stops polling while live and hands on the topics that changed', async () => {
    const { calls, stop, stream } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(stream().url).toBe('/api/events?ticket=tkt');
    expect(unlessLive(6000)).toBe(6000);
    // What loaded while the ticket and the stream were on their way may predate the server's listening.
    await vi.advanceTimersByTimeAsync(700);
    const readyAt = Date.now();
    stream().emit('ready');
    expect(liveStatus.get()).toBe('live');
    expect(unlessLive(6000)).toBe(false);
    expect(calls.opened).toEqual([readyAt]);
    stream().emit('change', { topics: ['instances', 'balance'] });
    stream().emit('change', { topics: ['nonsense'] });
    expect(calls.topics).toEqual([['instances', 'balance']]);
    stop();
    expect(stream().closed).toBe(true);
    expect(liveStatus.get()).toBe('off');
  });

  it('falls back to polling when the stream breaks and retries with a fresh ticket, backing off', async () => {
    const { calls, stop, stream } = setup();
    await vi.advanceTimersByTimeAsync(0);
    stream().emit('ready');
    stream().fail();
    expect(liveStatus.get()).toBe('down');
    expect(unlessLive(6000)).toBe(6000);
    expect(calls.lost).toBe(1);
    expect(calls.tickets).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.tickets).toBe(2);
    stream().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.tickets).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.tickets).toBe(3);
    stream().emit('ready');
    expect(liveStatus.get()).toBe('live');
    stop();
  });

  it('keeps polling while no ticket can be had', async () => {
    const { calls, stop } = setup(async () => {
      throw new Error('503');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(liveStatus.get()).toBe('down');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls.tickets).toBe(3);
    expect(FakeStream.opened).toHaveLength(0);
    stop();
  });

  it('polls for good, without asking again, when the server has push turned off', async () => {
    const { calls, stop, setHidden } = setup(async () => null);
    await vi.advanceTimersByTimeAsync(0);
    expect(liveStatus.get()).toBe('down');
    setHidden(true);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.tickets).toBe(1);
    stop();
  });

  it('closes the stream in a hidden tab and reopens it when shown, refetching what went stale', async () => {
    const { calls, stop, setHidden, stream } = setup();
    await vi.advanceTimersByTimeAsync(0);
    stream().emit('ready');
    setHidden(true);
    expect(stream().closed).toBe(true);
    expect(liveStatus.get()).toBe('paused');
    expect(calls.lost).toBe(0);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeStream.opened).toHaveLength(2);
    stream().emit('ready');
    expect(calls.opened).toHaveLength(2);
    stop();
  });
});
