import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LinePush = {
  authorization: string | undefined;
  retryKey: string | undefined;
  contentType: string | undefined;
  body: { to?: string; messages?: { type: string; text: string }[] };
};

/**
 * A local LINE Messaging API: `POST /v2/bot/message/push` with the documented checks (Bearer channel
 * token, JSON body of `to` and 1-5 `messages`), answering what the test scripts (200 by default).
 */
export async function startLineServer(token: string) {
  const pushes: LinePush[] = [];
  const script: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const json = (status: number, body: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || request.url !== '/v2/bot/message/push')
        return json(404, { message: 'Not found' });
      if (request.headers.authorization !== `Bearer ${token}`)
        return json(401, {
          message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
        });
      const body = JSON.parse(Buffer.concat(chunks).toString()) as LinePush['body'];
      pushes.push({
        authorization: request.headers.authorization,
        retryKey: request.headers['x-line-retry-key'] as string | undefined,
        contentType: request.headers['content-type'],
        body,
      });
      const status = script.shift() ?? 200;
      if (status === 200) return json(200, { sentMessages: [{ id: String(pushes.length), quoteToken: 'q' }] });
      if (status === 403) return json(403, { message: 'Not authorized to use this API' });
      if (status === 429) return json(429, { message: 'You have reached your monthly limit.' });
      return json(status, { message: 'Internal error' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pushes,
    answer: (...statuses: number[]) => script.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What LINE puts in `x-line-signature`: base64 HMAC-SHA256 of the body with the channel secret. */
export const lineSignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('base64');
