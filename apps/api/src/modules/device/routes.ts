import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceInfo, deviceListItem, deviceListQuery, deviceUpdate, envelope, idParam, page } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { LiveHub } from '../../plugins/live-updates';
import type { DeviceService } from './service';

type Deps = { devices: DeviceService; live: LiveHub; stream: { maxSeconds: number; heartbeatSeconds: number } };
const tags = ['device'];

export const deviceRoutes: FastifyPluginAsyncZod<Deps> = async (app, { devices, live, stream }) => {
  app.get('/device-cloud/list', {
    config: { access: { token: 'merchant', permission: 'device.read' } },
    schema: {
      tags,
      summary: 'Devices the member may see (merchant, whitelist), with their live status',
      querystring: deviceListQuery,
      response: { 200: envelope(page(deviceListItem)) },
    },
    handler: async (request) => ({ result: await devices.list(requireMerchant(request), request.query) }),
  });

  app.get('/device-cloud/:id/info', {
    config: { access: { token: 'merchant', permission: 'device.read' } },
    schema: { tags, summary: 'One device in full', params: idParam, response: { 200: envelope(deviceInfo) } },
    handler: async (request) => ({ result: await devices.info(requireMerchant(request), request.params.id) }),
  });

  app.put('/device-cloud/:deviceID', {
    config: { access: { token: 'merchant', permission: 'device.update' } },
    schema: {
      tags,
      summary: 'Rename, move, or change the product (AB3, AB2, AY; the machine confirms the new prices)',
      params: z.object({ deviceID: idParam.shape.id }),
      body: deviceUpdate,
      response: { 200: envelope(deviceInfo) },
    },
    handler: async (request) => ({
      result: await devices.update(requireMerchant(request), request.params.deviceID, request.body),
    }),
  });

  app.get('/device/events', {
    config: { access: { token: 'merchant', permission: 'device.read', queryToken: true } },
    schema: {
      tags,
      summary: 'Server-Sent Events: `device` (a deviceLiveUpdate) whenever a visible device changes',
      description:
        'For EventSource the merchant token may be passed as `?token=`. Streams end after a while; EventSource reconnects.',
      querystring: z.object({ token: z.string().max(4096).optional() }),
    },
    handler: async (request, reply) => {
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
    },
  });
};
