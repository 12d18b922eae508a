import type { DeviceListItem } from '@sbo/contracts';
import {
  deviceTopics,
  idleStateReport,
  machineTypeByKind,
  protocolVersion,
  type StateReport,
} from '@sbo/contracts/mqtt';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { desktop, openPage } from './browser';
import { callApi } from './devices';
import { pickMerchant, signIn } from './sign-in';
import { workerProduct } from './worker-product';

/**
 * A washer of the journey's own for Sunny Laundry, registered and bound as the service agent (root)
 * does it: no demo simulator drives it, so what it reports is exactly what the journey sends.
 */
export async function registerWasher(
  browser: Browser,
  { hwid, name }: { hwid: string; name: string },
): Promise<{ deviceId: number; secret: string }> {
  const root = (await openPage(browser, { viewport: desktop, language: 'en' })).page;
  await signIn(root, 'root@example.com');
  await pickMerchant(root, 'Sunny Laundry Co.');
  const device = await callApi<DeviceListItem>(root, 'POST', 'admin/device-cloud', {
    name,
    serialNum: `SN-${hwid}`,
    machineType: machineTypeByKind.washer,
    model: 'AB3',
  });
  const { secret } = await callApi<{ secret: string }>(root, 'POST', 'admin/hardware', { hwid, model: 'AB3' });
  await callApi(root, 'POST', `device-cloud/${device.id}/binding`, { hwid });
  await root.context().close();
  return { deviceId: device.id, secret };
}

/** The washer's controller, connected to this worker's product and announced online (at `sentAt`). */
export async function connectWasher(hwid: string, secret: string, sentAt = Date.now()) {
  const client: MqttClient = await mqtt.connectAsync(workerProduct().mqttUrl, {
    clientId: hwid,
    username: hwid,
    password: secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const topics = deviceTopics(hwid);
  const bootId = `boot${hwid.toLowerCase().replace(/[^a-z0-9]/g, '')}`.slice(0, 40);
  const firmware = '3.2.0';
  await client.publishAsync(
    topics.status,
    JSON.stringify({
      v: protocolVersion,
      status: 'online',
      bootId,
      connId: bootId,
      sentAt,
      protocol: '1.0',
      kind: 'washer',
      model: 'AB3',
      machineType: machineTypeByKind.washer,
      firmware,
    }),
    { qos: 1, retain: true },
  );
  let seq = 0;
  return {
    client,
    topics,
    bootId,
    /** A full state report: an idle washer's, with `patch` over it. */
    state: async (patch: Partial<StateReport>) => {
      seq += 1;
      const report = { ...idleStateReport({ bootId, seq, kind: 'washer', model: 'AB3', firmware }), ...patch };
      await client.publishAsync(topics.state, JSON.stringify(report), { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
