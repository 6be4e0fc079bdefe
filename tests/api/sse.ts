/**
 * A minimal server-sent-events reader for tests: reads events from a fetch Response body
 * (`app.request` or a real HTTP response) with a timeout per event.
 */
export interface SseEvent {
  id?: string;
  data: string;
  comment?: string;
}

export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseEvent | null => {
    const ev: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) ev.comment = line.slice(1).trim();
      else if (line.startsWith('id: ')) ev.id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    ev.data = data.join('\n');
    return data.length || ev.comment ? ev : null;
  };

  /** The next event with data (comments and the retry hint are skipped unless asked for). */
  async function next(timeoutMs = 5000, { comments = false } = {}): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const ev = parse(block);
        if (ev && (ev.data || (comments && ev.comment))) return ev;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no SSE event in time');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const result = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no SSE event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (result.done) throw new Error('stream ended');
      // In-process answers carry the server's strings (src/server/realtime/sse.ts); real ones bytes.
      const chunk: unknown = result.value;
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
    }
  }

  /** The next event's JSON data and id. */
  async function json<
    T = { type: string; ticks: { coinId: string; price: number; change24h: number | null; at: number; seq: number }[] },
  >(timeoutMs?: number): Promise<{ id: string | undefined; data: T }> {
    const ev = await next(timeoutMs);
    return { id: ev.id, data: JSON.parse(ev.data) as T };
  }

  return { next, json, close: () => reader.cancel().catch(() => {}) };
}
