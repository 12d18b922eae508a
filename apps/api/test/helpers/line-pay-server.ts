import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local LINE Pay (Online API v3) for tests: the documented endpoints, request signatures checked
// as LINE Pay checks them, answers in LINE Pay's shapes and return codes. Responses are not
// signed (LINE Pay signs none). Amounts are LINE Pay's: the currency's major unit.

type Payment = {
  transactionId: string;
  orderId: string;
  amount: number;
  currency: string;
  productName: string;
  confirmUrl: string;
  cancelUrl: string;
  state: 'requested' | 'authorized' | 'paid' | 'cancelled';
  refunds: { refundTransactionId: string; refundAmount: number; refundTransactionDate: string }[];
};

type Answer = { returnCode: string; returnMessage: string; info?: unknown };
const fail = (returnCode: string, returnMessage: string): Answer => ({ returnCode, returnMessage });
const ok = (info: unknown): Answer => ({ returnCode: '0000', returnMessage: 'Success.', info });
const wholeOnly = ['TWD', 'JPY'];

/** 19 digits, like LINE Pay's: more than a JS number holds exactly. */
const transactionNumber = () =>
  `2026${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** LINE Pay writes ids as bare 19-digit numbers. */
const toLinePayJson = (answer: Answer) =>
  JSON.stringify(answer).replace(/"(transactionId|refundTransactionId)":"(\d+)"/g, '"$1":$2');

export type LinePayServer = {
  baseUrl: string;
  payments: Map<string, Payment>;
  /** The consumer approves on LINE Pay's page: answers the confirmUrl LINE Pay redirects to. */
  approve(transactionId: string): string;
  cancel(transactionId: string): string;
  close(): Promise<void>;
};

export async function startLinePayServer(channels: Record<string, string>): Promise<LinePayServer> {
  const payments = new Map<string, Payment>();

  function signatureValid(request: IncomingMessage, path: string, signed: string): Answer | null {
    const channelId = String(request.headers['x-line-channelid'] ?? '');
    const nonce = String(request.headers['x-line-authorization-nonce'] ?? '');
    const given = Buffer.from(String(request.headers['x-line-authorization'] ?? ''));
    const secret = channels[channelId];
    if (!secret) return fail('1104', 'Merchant not found.');
    if (!nonce) return fail('1106', 'Header information error.');
    const expected = Buffer.from(
      createHmac('sha256', secret)
        .update(secret + path + signed + nonce)
        .digest('base64'),
    );
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    return same ? null : fail('1106', 'Header information error.');
  }

  function requestPayment(body: Record<string, unknown>, baseUrl: string): Answer {
    const { amount, currency, orderId, packages, redirectUrls } = body as {
      amount: number;
      currency: string;
      orderId: string;
      packages: { amount: number; products: { name: string; quantity: number; price: number }[] }[];
      redirectUrls: { confirmUrl: string; cancelUrl: string };
    };
    if (typeof amount !== 'number' || !currency || !orderId || !Array.isArray(packages) || !redirectUrls?.confirmUrl) {
      return fail('2101', 'Parameter error.');
    }
    if (amount <= 0) return fail('1183', 'Payment amount must be greater than 0.');
    if (wholeOnly.includes(currency) && !Number.isInteger(amount)) return fail('1124', 'Amount info error (scale).');
    const packaged = packages.reduce((sum, p) => sum + p.amount, 0);
    const priced = packages.every((p) => p.products.reduce((s, x) => s + x.quantity * x.price, 0) === p.amount);
    if (packaged !== amount || !priced) return fail('2101', 'Parameter error.');
    if ([...payments.values()].some((p) => p.orderId === orderId)) {
      return fail('1172', 'Existing same orderId.');
    }
    const transactionId = transactionNumber();
    const productName = packages[0]?.products[0]?.name ?? '';
    const { confirmUrl, cancelUrl } = redirectUrls;
    payments.set(transactionId, {
      ...{ transactionId, orderId, amount, currency, productName, confirmUrl, cancelUrl },
      state: 'requested',
      refunds: [],
    });
    const reserve = Buffer.from(transactionId).toString('base64url');
    return ok({
      paymentUrl: {
        web: `${baseUrl}/web/payment/wait?transactionReserveId=${reserve}`,
        app: `line://pay/payment/${reserve}`,
      },
      transactionId,
      paymentAccessToken: String(randomInt(10 ** 11, 10 ** 12)),
    });
  }

  function confirm(payment: Payment, body: { amount?: number; currency?: string }): Answer {
    if (payment.state === 'paid') return fail('1172', 'Existing same orderId.');
    if (payment.state === 'cancelled') return fail('1180', 'The payment is expired.');
    if (payment.state !== 'authorized') return fail('1169', 'Payment method and password must be verified.');
    if (body.amount !== payment.amount || body.currency !== payment.currency) {
      return fail('1153', 'The payment amount is different than the requested amount.');
    }
    payment.state = 'paid';
    return ok({
      orderId: payment.orderId,
      transactionId: payment.transactionId,
      payInfo: [{ method: 'BALANCE', amount: payment.amount }],
    });
  }

  function refund(payment: Payment, body: { refundAmount?: number }): Answer {
    if (payment.state !== 'paid') return fail('1155', 'Transaction cannot be refunded.');
    const refunded = payment.refunds.reduce((sum, r) => sum + r.refundAmount, 0);
    if (refunded >= payment.amount) return fail('1165', 'A transaction already been refunded.');
    const refundAmount = body.refundAmount ?? payment.amount - refunded;
    if (refundAmount <= 0 || refunded + refundAmount > payment.amount)
      return fail('1164', 'Exceeded refundable amount.');
    const entry = {
      refundTransactionId: transactionNumber(),
      refundAmount,
      refundTransactionDate: new Date().toISOString(),
    };
    payment.refunds.push(entry);
    return ok({ refundTransactionId: entry.refundTransactionId, refundTransactionDate: entry.refundTransactionDate });
  }

  function details(query: URLSearchParams): Answer {
    const found = [...payments.values()].filter(
      (p) =>
        p.state === 'paid' &&
        (query.getAll('transactionId').includes(p.transactionId) || query.getAll('orderId').includes(p.orderId)),
    );
    if (found.length === 0) return fail('1150', 'Transaction record not found.');
    return ok(
      found.map((p) => ({
        transactionId: p.transactionId,
        transactionDate: new Date().toISOString(),
        transactionType: 'PAYMENT',
        payInfo: [{ method: 'BALANCE', amount: p.amount }],
        productName: p.productName,
        currency: p.currency,
        orderId: p.orderId,
        refundList: p.refunds.map((r) => ({ ...r, refundAmount: -r.refundAmount, transactionType: 'PAYMENT_REFUND' })),
      })),
    );
  }

  const checkCodes = { requested: '0000', authorized: '0110', cancelled: '0121', paid: '0123' } as const;

  async function answer(request: IncomingMessage, baseUrl: string): Promise<Answer> {
    const url = new URL(request.url ?? '/', baseUrl);
    const raw = await readBody(request);
    const signed = request.method === 'POST' ? raw : ((request.url ?? '').split('?')[1] ?? '');
    const refused = signatureValid(request, url.pathname, signed);
    if (refused) return refused;
    let body: Record<string, unknown> = {};
    try {
      if (request.method === 'POST') body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return fail('2102', 'JSON data format error.');
    }
    if (request.method === 'POST' && url.pathname === '/v3/payments/request') return requestPayment(body, baseUrl);
    if (request.method === 'GET' && url.pathname === '/v3/payments') return details(url.searchParams);
    const match = /^\/v3\/payments\/(?:requests\/)?(\d+)\/(confirm|refund|check)$/.exec(url.pathname);
    const payment = match ? payments.get(match[1]!) : undefined;
    if (!match) return fail('2101', 'Parameter error.');
    if (!payment) return fail('1150', 'Transaction record not found.');
    if (request.method === 'POST' && match[2] === 'confirm') return confirm(payment, body);
    if (request.method === 'POST' && match[2] === 'refund') return refund(payment, body);
    if (request.method === 'GET' && match[2] === 'check') {
      return { returnCode: checkCodes[payment.state], returnMessage: payment.state };
    }
    return fail('2101', 'Parameter error.');
  }

  const server: Server = createServer((request, response) => {
    answer(request, baseUrl)
      .then((result) => response.writeHead(200, { 'content-type': 'application/json' }).end(toLinePayJson(result)))
      .catch(() => response.writeHead(200).end(toLinePayJson(fail('9000', 'Internal error.'))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const redirect = (transactionId: string, state: 'authorized' | 'cancelled') => {
    const payment = payments.get(transactionId);
    if (!payment) throw new Error(`no LINE Pay transaction ${transactionId}`);
    payment.state = state;
    const target = new URL(state === 'authorized' ? payment.confirmUrl : payment.cancelUrl);
    target.searchParams.set('transactionId', transactionId);
    target.searchParams.set('orderId', payment.orderId);
    return target.toString();
  };

  return {
    baseUrl,
    payments,
    approve: (transactionId) => redirect(transactionId, 'authorized'),
    cancel: (transactionId) => redirect(transactionId, 'cancelled'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
