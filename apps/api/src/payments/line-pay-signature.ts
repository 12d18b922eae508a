import { createHmac } from 'node:crypto';

/**
 * LINE Pay's request signature (Online API v3): Base64(HMAC-SHA256(channelSecret,
 * channelSecret + URI path + (JSON body for POST | query string for GET) + nonce)).
 */
export function linePaySignature(channelSecret: string, path: string, bodyOrQuery: string, nonce: string): string {
  return createHmac('sha256', channelSecret)
    .update(channelSecret + path + bodyOrQuery + nonce)
    .digest('base64');
}

/** LINE Pay's 19-digit transaction ids do not fit a JS number: read them as strings. */
export function parseLinePayJson(text: string): unknown {
  return JSON.parse(text.replace(/"(transactionId|refundTransactionId)"\s*:\s*(\d+)/g, '"$1":"$2"'));
}
