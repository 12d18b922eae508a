import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestTimeoutMs } from '@sbo/contracts/constants';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureApiClient } from '../src/lib/api-client';
import { saveLoginToken, saveMerchantSession } from '../src/lib/auth-storage';
import { sampleProfile } from './samples';

export type RecordedRequest = { method: string; url: URL; headers: IncomingMessage['headers']; body: string };
type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server on a free local port; each test sets how it answers. */
export async function startTestServer() {
  const requests: RecordedRequest[] = [];
  let handler: Handler = (_request, response) => json(response, 200, { result: null });
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://test'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      void handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    answer(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * One test server per test file that the API client talks to: started before the file, closed after it,
 * with its recorded requests cleared and a signed-in merchant session (both tokens) before each test.
 */
export function useTestApi() {
  let server: TestServer | undefined;
  const current = (): TestServer => {
    if (!server) throw new Error('the test API server has not started');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer();
    configureApiClient({ baseUrl: server.baseUrl, timeoutMs: requestTimeoutMs });
  });
  afterAll(() => current().close());
  beforeEach(() => {
    current().requests.length = 0;
    saveLoginToken('login-token');
    saveMerchantSession('merchant-token', sampleProfile());
  });
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get requests() {
      return current().requests;
    },
    answer: (next: Handler) => current().answer(next),
  };
}
