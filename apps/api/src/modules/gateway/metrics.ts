import type { Database } from '../../db/client';
import { observe } from '../../lib/metrics';
import type { DeviceGateway } from './gateway';
import { countOnlineMachines } from './metrics-repository';

const storedKinds = ['states', 'events', 'statuses', 'acks', 'cards'] as const;

/** The gateway's figures for /metrics, read at each scrape: machines online, messages stored and refused. */
export function observeGatewayMetrics(gateway: DeviceGateway, db: Database): void {
  observe('machines', async () => [{ value: await countOnlineMachines(db) }]);
  observe('reports', () => storedKinds.map((kind) => ({ labels: { kind }, value: gateway.counters[kind] })));
  observe('reportsRefused', () => [{ labels: { reason: 'invalid' }, value: gateway.counters.invalid }]);
}
