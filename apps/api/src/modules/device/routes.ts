import type { FastifyPluginAsync } from 'fastify';
import { deviceEndpoints as contract } from '@sbo/contracts/api/endpoints/device';
import { queryKey, viewKey, type AnswerCache } from '../../lib/answer-cache';
import { addEndpoint } from '../../lib/endpoint-route';
import { openEventStream, type StreamTiming } from '../../lib/event-stream';
import { requireMerchant } from '../../plugins/auth-context';
import type { LiveHub } from '../../plugins/live-updates';
import type { DeviceService } from './service';

type Deps = { devices: DeviceService; live: LiveHub; stream: StreamTiming; answers: AnswerCache };

export const deviceRoutes: FastifyPluginAsync<Deps> = async (app, { devices, live, stream, answers }) => {
  // Kept in memory until a machine, its state, place or product changes (lib/answer-cache.ts);
  // the list holds no money and nothing that follows the clock, so only the view and query count.
  addEndpoint(app, contract.deviceList, async (request, reply) => {
    const member = requireMerchant(request);
    const key = `${viewKey(member)}|${queryKey(request.query)}`;
    return answers.answer(reply, 'deviceList', member.merchantId, key, async () => ({
      result: await devices.list(member, request.query),
    }));
  });

  addEndpoint(app, contract.deviceInfo, async (request) => ({
    result: await devices.info(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.deviceUpdate, async (request) => ({
    result: await devices.update(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.deviceEvents, async (request, reply) => {
    const member = requireMerchant(request);
    const visible = await devices.visibleIds(member);
    await openEventStream(reply, stream, (writer) =>
      live.subscribe({
        merchantId: member.merchantId,
        visible,
        send: (event, data) => writer.send(event, data),
        end: writer.end,
      }),
    );
  });
};
