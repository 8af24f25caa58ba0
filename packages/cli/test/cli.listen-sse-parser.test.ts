import { describe, expect, it } from 'vitest';
import { SseParser } from '../src/commands/listen/sse-parser.js';

describe('the cofre listen SSE parser', () => {
  it('reads events split anywhere across chunks, with any line ending', () => {
    const text =
      'retry: 1000\r\nevent: ready\r\ndata: {"a":1}\r\n\r\n: keep-alive\n\nid: msg_1.0\nevent: message\ndata: {"b":\ndata: 2}\n\n';
    for (const size of [1, 2, 5, text.length]) {
      const parser = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size)
        events.push(...parser.feed(text.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'ready', id: undefined, data: '{"a":1}' },
        { event: 'message', id: 'msg_1.0', data: '{"b":\n2}' },
      ]);
    }
  });

  it('keeps a lone CR at the end of a chunk until it knows whether LF follows', () => {
    const parser = new SseParser();
    expect(parser.feed('data: x\r')).toEqual([]);
    expect(parser.feed('\n\r')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'message', id: undefined, data: 'x' }]);
  });

  it('ignores comments and blocks without data', () => {
    const parser = new SseParser();
    expect(parser.feed(': hello\n\nevent: nothing\n\n')).toEqual([]);
  });
});
