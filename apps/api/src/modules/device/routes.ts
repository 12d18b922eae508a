import type { FastifyPluginAsync } from 'fastify';
import { deviceEndpoints as contract } from '@sbo/contracts/api/endpoints/device';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { LiveHub } from '../../plugins/live-updates';
import type { DeviceService } from './service';

type Deps = { devices: DeviceService; live: LiveHub; stream: { maxSeconds: number; heartbeatSeconds: number } };

export const deviceRoutes: FastifyPluginAsync<Deps> = async (app, { devices, live, stream }) => {
  addEndpoint(app, contract.deviceList, async (request) => ({
    result: await devices.list(requireMerchant(request), request.query),
  }));

  addEndpoint(app, contract.deviceInfo, async (request) => ({
    result: await devices.info(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.deviceUpdate, async (request) => ({
    result: await devices.update(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.deviceEvents, async (request, reply) => {
    const member = requireMerchant(request);
    const visible = await devices.visibleIds(member);
    const raw = reply.raw;
    const write = (text: string) => !raw.writableEnded && raw.write(text);
    const unsubscribe = await live.subscribe({
      merchantId: member.merchantId,
      visible,
      send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      end: () => raw.end(),
    });
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), stream.heartbeatSeconds * 1000);
    // Streams are recycled now and then, which spreads clients over instances after a scale-out.
    const recycle = setTimeout(() => raw.end(), stream.maxSeconds * 1000);
    const finish = () => {
      clearInterval(heartbeat);
      clearTimeout(recycle);
      unsubscribe();
    };
    raw.once('close', finish);
    raw.once('finish', finish);
  });
};
