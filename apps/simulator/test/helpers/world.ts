import { startFleet } from '../../src/fleet';
import type { DeviceSpec, FleetOptions } from '../../src/fleet';
import { startBroker } from './broker';
import type { TestBroker } from './broker';
import { TestGateway } from './gateway';

export type World = { broker: TestBroker; gateway: TestGateway; devices: DeviceSpec[]; stop(): Promise<void> };

/** Devices by kind and model with secrets, e.g. `device('W1', 'washer', 'AB3')`. */
export const device = (hwid: string, kind: DeviceSpec['kind'], model: string): DeviceSpec => ({
  hwid,
  kind,
  model,
  secret: `secret-of-${hwid}`,
});

/**
 * A broker knowing the devices' secrets, a gateway listening, and the fleet connected.
 * `prepare` sets the gateway up (its card desk, say) before the first machine starts.
 */
export const startWorld = async (
  devices: DeviceSpec[],
  options: Partial<FleetOptions> = {},
  prepare?: (gateway: TestGateway) => void,
): Promise<World> => {
  const broker = await startBroker(new Map(devices.map((d) => [d.hwid, d.secret])));
  const gateway = await TestGateway.connect(broker.url);
  prepare?.(gateway);
  const fleet = startFleet({
    url: broker.url,
    devices,
    timeScale: 600,
    customers: 0,
    faults: 0,
    connectPerSecond: 1_000,
    reconnect: { minMs: 50, maxMs: 400 },
    log: () => undefined,
    ...options,
  });
  // Generous: a fleet of many machines reports in slowly on a busy machine.
  await Promise.all(
    devices.map((d) => gateway.waitFor((m) => m.hwid === d.hwid && m.channel === 'state', { timeoutMs: 45_000 })),
  );
  return {
    broker,
    gateway,
    devices,
    async stop() {
      await fleet.stop();
      await gateway.close();
      await broker.close();
    },
  };
};

/** The latest state report of a device (after the given message index, when given). */
export const latestState = (gateway: TestGateway, hwid: string) => {
  const states = gateway.ofDevice(hwid).filter((m) => m.channel === 'state');
  const last = states.at(-1);
  if (!last || last.channel !== 'state') throw new Error(`no state from ${hwid}`);
  return last.message;
};
