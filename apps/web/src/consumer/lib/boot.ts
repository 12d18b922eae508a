import type { MachineSelector } from '@sbo/contracts/checkout-address';
import { machineQuery } from '@sbo/contracts/checkout-address';

/** What the api wrote into the page for its first screen (apps/api/src/plugins/web-app.ts, ConsumerBoot). */
type Boot = { checkoutMachine?: { query: string; result: unknown } };

let boot: Boot | null | undefined;

const read = (): Boot | null => {
  if (boot !== undefined) return boot;
  const block = document.getElementById('consumer-boot');
  try {
    boot = block?.textContent ? (JSON.parse(block.textContent) as Boot) : null;
  } catch {
    boot = null;
  }
  block?.remove();
  return boot;
};

/**
 * The api's answer about this machine as the page arrived with it, taken once (a later look is asked
 * of the api), or null when the page came without one.
 */
export function bootedMachine<T>(selector: MachineSelector): T | null {
  const machine = read()?.checkoutMachine;
  if (!machine || machine.query !== machineQuery(selector)) return null;
  delete boot!.checkoutMachine;
  return machine.result as T;
}
