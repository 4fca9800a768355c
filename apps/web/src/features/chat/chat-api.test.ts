import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './chat-api';

describe('assistant stream parsing', () => {
  it('reads complete events across chunk boundaries and keeps the rest', () => {
    const a = parseSseChunk(': connected\n\nevent: delta\ndata: {"type":"delta","text":"Sup"}\n\nevent: delta\ndata: {"type":"del');
    expect(a.events).toEqual([{ type: 'delta', text: 'Sup' }]);
    const b = parseSseChunk(a.rest + 'ta","text":"port"}\n\nevent: keepalive\ndata: {"now":1}\n\nevent: done\ndata: {"type":"done","by":"builtin"}\n\n');
    expect(b.events).toEqual([{ type: 'delta', text: 'port' }, { type: 'keepalive', now: 1 }, { type: 'done', by: 'builtin' }]);
    expect(b.rest).toBe('');
  });
});
