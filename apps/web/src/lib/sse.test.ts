import { describe, expect, it } from 'vitest';
import { reconnectDelay, shouldReconnect, sseParser } from './sse.ts';

describe('sseParser', () => {
  it('parses events split across chunks and drops heartbeats', () => {
    const feed = sseParser();
    expect(feed(': connected\n\n')).toEqual([]);
    expect(feed('id: 7\nevent: notif')).toEqual([]);
    expect(feed('ication\ndata: {"a"')).toEqual([]);
    expect(feed(':1}\n\n: heartbeat\n\n')).toEqual([{ id: '7', event: 'notification', data: '{"a":1}' }]);
  });

  it('joins multi-line data, defaults the event name and accepts CRLF even split in two', () => {
    const feed = sseParser();
    expect(feed('data: one\r')).toEqual([]);
    expect(feed('\ndata:two\r\n\r\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('returns several events from one chunk in order', () => {
    const feed = sseParser();
    const events = feed('event: a\ndata: 1\n\nevent: b\ndata: 2\n\n');
    expect(events.map((e) => e.event)).toEqual(['a', 'b']);
  });
});

describe('reconnect', () => {
  it('backs off exponentially up to 30 s with bounded jitter', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1000);
    expect(reconnectDelay(3, () => 0)).toBe(8000);
    expect(reconnectDelay(10, () => 0)).toBe(30_000);
    expect(reconnectDelay(10, () => 1)).toBe(36_000);
  });

  it('stops when the session is refused', () => {
    expect(shouldReconnect(401)).toBe(false);
    expect(shouldReconnect(null)).toBe(true);
    expect(shouldReconnect(503)).toBe(true);
  });
});
