import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PaymentFailed } from './gateway';
import { linePaySignature, parseLinePayJson } from './line-pay-signature';

type LinePayCredentials = { channelId: string; channelSecret: string };

type LinePayClientOptions = LinePayCredentials & {
  /** `https://sandbox-api-pay.line.me`, `https://api-pay.line.me`, or a local test server. */
  baseUrl: string;
  timeoutMs?: number;
  /** Fixed only in tests; a fresh UUID per request otherwise. */
  nonce?: () => string;
};

type LinePayProduct = { name: string; quantity: number; price: number };
type LinePayRequestBody = {
  amount: number;
  currency: string;
  orderId: string;
  packages: { id: string; amount: number; products: LinePayProduct[] }[];
  redirectUrls: { confirmUrl: string; cancelUrl: string };
  options?: { display?: { locale?: string } };
};

const envelope = <I extends z.ZodType>(info: I) =>
  z.object({ returnCode: z.string(), returnMessage: z.string().optional(), info: info.optional() });

const requestInfo = z.object({
  paymentUrl: z.object({ web: z.string(), app: z.string().optional() }),
  transactionId: z.string(),
});
const confirmInfo = z.object({
  orderId: z.string(),
  transactionId: z.string(),
  payInfo: z.array(z.object({ method: z.string(), amount: z.number() })),
});
const refundInfo = z.object({ refundTransactionId: z.string(), refundTransactionDate: z.string().optional() });
const detailsInfo = z.array(
  z.object({
    transactionId: z.string(),
    orderId: z.string().optional(),
    transactionType: z.string(),
    currency: z.string(),
    payInfo: z.array(z.object({ method: z.string(), amount: z.number() })),
    refundList: z.array(z.object({ refundTransactionId: z.string(), refundAmount: z.number() })).optional(),
  }),
);

export type LinePayAnswer<T> = { returnCode: string; returnMessage: string; info: T | undefined };

/** LINE Pay's Online API v3, one call per documented endpoint, signed as LINE Pay requires. */
export function createLinePayClient(options: LinePayClientOptions) {
  const { baseUrl, channelId, channelSecret } = options;
  const nonce = options.nonce ?? randomUUID;

  async function call<I extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    payload: { body?: object; query?: URLSearchParams },
    info: I,
  ): Promise<LinePayAnswer<z.output<I>>> {
    const body = payload.body ? JSON.stringify(payload.body) : undefined;
    const query = payload.query?.toString() ?? '';
    const requestNonce = nonce();
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${query ? `?${query}` : ''}`, {
        method,
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        headers: {
          'content-type': 'application/json',
          'x-line-channelid': channelId,
          'x-line-authorization-nonce': requestNonce,
          'x-line-authorization': linePaySignature(
            channelSecret,
            path,
            method === 'POST' ? (body ?? '') : query,
            requestNonce,
          ),
        },
      });
    } catch (error) {
      throw new PaymentFailed('linePay', `unreachable: ${(error as Error).message}`);
    }
    const parsed = envelope(info).safeParse(parseLinePayJson(await response.text()));
    if (!parsed.success) throw new PaymentFailed('linePay', `unexpected answer (HTTP ${response.status})`);
    const { returnCode, returnMessage = '', info: answerInfo } = parsed.data;
    return { returnCode, returnMessage, info: answerInfo };
  }

  const tx = (transactionId: string) => encodeURIComponent(transactionId);

  return {
    request: (body: LinePayRequestBody) => call('POST', '/v3/payments/request', { body }, requestInfo),
    confirm: (transactionId: string, body: { amount: number; currency: string }) =>
      call('POST', `/v3/payments/${tx(transactionId)}/confirm`, { body }, confirmInfo),
    refund: (transactionId: string, body: { refundAmount: number }) =>
      call('POST', `/v3/payments/${tx(transactionId)}/refund`, { body }, refundInfo),
    details: (by: { transactionId: string } | { orderId: string }) =>
      call('GET', '/v3/payments', { query: new URLSearchParams(by) }, detailsInfo),
    /** 0000 waiting for the consumer, 0110 approved (confirm it), 0121 cancelled or expired, 0122 failed, 0123 paid. */
    check: (transactionId: string) => call('GET', `/v3/payments/requests/${tx(transactionId)}/check`, {}, z.unknown()),
  };
}

export type LinePayClient = ReturnType<typeof createLinePayClient>;
