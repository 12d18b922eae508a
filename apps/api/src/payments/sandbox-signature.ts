import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxOutcome } from '@sbo/contracts';

/** What the sandbox signs when the consumer decides: enough that no field can be changed on the way back. */
type SandboxDecisionFacts = { paymentId: string; amount: number; currency: string; outcome: SandboxOutcome };

const message = (f: SandboxDecisionFacts) => [f.paymentId, String(f.amount), f.currency, f.outcome].join('\n');

/** HMAC-SHA256 over payment id, amount, currency and outcome, base64url. */
export function signSandboxDecision(key: string, facts: SandboxDecisionFacts): string {
  return createHmac('sha256', key).update(message(facts)).digest('base64url');
}

export function isSandboxSignatureValid(key: string, facts: SandboxDecisionFacts, signature: string): boolean {
  const expected = Buffer.from(signSandboxDecision(key, facts));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
