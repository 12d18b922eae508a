import type { FastifyReply } from 'fastify';
import { toBackground } from './foreground';

export type StreamTiming = { maxSeconds: number; heartbeatSeconds: number };
export type StreamWriter = { send(event: string, data: unknown): void; end(): void };

/**
 * Answers a request with a Server-Sent Event stream. `subscribe` is called with the stream's writer
 * before the answer starts (so nothing published meanwhile is lost) and returns its unsubscribe.
 * Streams are recycled after `maxSeconds`, which spreads clients over instances after a scale-out.
 */
export async function openEventStream(
  reply: FastifyReply,
  timing: StreamTiming,
  subscribe: (writer: StreamWriter) => Promise<() => void>,
): Promise<void> {
  // Held open for minutes: not a request anyone waits on (lib/foreground.ts).
  toBackground(reply.request);
  const raw = reply.raw;
  const write = (text: string) => !raw.writableEnded && raw.write(text);
  const unsubscribe = await subscribe({
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end: () => raw.end(),
  });
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), timing.heartbeatSeconds * 1000);
  const recycle = setTimeout(() => raw.end(), timing.maxSeconds * 1000);
  const finish = () => {
    clearInterval(heartbeat);
    clearTimeout(recycle);
    unsubscribe();
  };
  raw.once('close', finish);
  raw.once('finish', finish);
}
