import { readFileSync } from 'node:fs';
import { workerProduct } from './worker-product';

type LogLine = Record<string, unknown>;

/** The product's JSON log lines so far (its other output, such as the start-up banner, is skipped). */
export function productLogLines(): LogLine[] {
  return readFileSync(workerProduct().productLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** The codes the built-in sandbox SMS provider has "sent" to a phone, oldest first. */
export const sandboxSmsCodes = (phone: string): string[] =>
  productLogLines()
    .filter((line) => line.msg === 'sandbox SMS' && line.phone === phone && typeof line.code === 'string')
    .map((line) => String(line.code));

/** Waits for a new sandbox SMS to a phone (after `seen` earlier ones) and answers its code. */
export async function nextSandboxSmsCode(phone: string, seen: number, timeoutMs = 15_000): Promise<string> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    const codes = sandboxSmsCodes(phone);
    if (codes.length > seen) return codes[codes.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sandbox SMS to ${phone} in the product's log within ${timeoutMs} ms`);
}
