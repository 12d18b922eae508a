import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as contract } from '@sbo/contracts/api/endpoints/notification';
import { addEndpoint } from '../../lib/endpoint-route';
import { openEventStream, type StreamTiming } from '../../lib/event-stream';
import { requireMerchant } from '../../plugins/auth-context';
import type { NotificationHub } from './live';
import type { NotificationService } from './service';

type Deps = { notifications: NotificationService; hub: NotificationHub; stream: StreamTiming };

export const notificationRoutes: FastifyPluginAsync<Deps> = async (app, { notifications, hub, stream }) => {
  addEndpoint(app, contract.notificationList, async (request) => ({
    result: await notifications.list(requireMerchant(request), request.query),
  }));
  addEndpoint(app, contract.notificationUnread, async (request) => ({
    result: await notifications.unread(requireMerchant(request)),
  }));
  addEndpoint(app, contract.notificationRead, async (request) => ({
    result: await notifications.read(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.notificationReadAll, async (request) => ({
    result: await notifications.readAll(requireMerchant(request)),
  }));
  addEndpoint(app, contract.notificationEvents, async (request, reply) => {
    const member = requireMerchant(request);
    await openEventStream(reply, stream, (writer) => hub.subscribe(member.merchantId, member.userId, writer));
  });
  addEndpoint(app, contract.notificationSettingsGet, async (request) => ({
    result: await notifications.settings(requireMerchant(request)),
  }));
  addEndpoint(app, contract.notificationSettingsUpdate, async (request) => ({
    result: await notifications.updateSettings(requireMerchant(request), request.body),
  }));
  addEndpoint(app, contract.notificationThresholdsGet, async (request) => ({
    result: await notifications.thresholds(requireMerchant(request).merchantId),
  }));
  addEndpoint(app, contract.notificationThresholdsUpdate, async (request) => ({
    result: await notifications.updateThresholds(requireMerchant(request).merchantId, request.body),
  }));
  addEndpoint(app, contract.notificationTest, async (request) => ({
    result: await notifications.test(requireMerchant(request), request.body.channel),
  }));
  addEndpoint(app, contract.notificationPushKey, async (request) => {
    requireMerchant(request);
    return { result: notifications.pushKey() };
  });
  addEndpoint(app, contract.notificationPushSubscribe, async (request) => ({
    result: await notifications.subscribePush(requireMerchant(request), request.body, request.headers['user-agent']),
  }));
  addEndpoint(app, contract.notificationPushUnsubscribe, async (request) => ({
    result: await notifications.unsubscribePush(requireMerchant(request), request.body.endpoint),
  }));
  addEndpoint(app, contract.notificationLineLinkCode, async (request) => ({
    result: await notifications.lineLinkCode(requireMerchant(request)),
  }));
  addEndpoint(app, contract.notificationLineUnlink, async (request) => ({
    result: await notifications.lineUnlink(requireMerchant(request)),
  }));

  // LINE signs the exact bytes it sent: this scope keeps the raw JSON text beside the parsed body.
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<object, string>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const error = new Error('The body is not valid JSON') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    addEndpoint(scope, contract.notificationLineWebhook, async (request) => ({
      result: await notifications.lineWebhook(
        rawBodies.get(request),
        request.headers['x-line-signature'],
        request.body.events,
      ),
    }));
  });
};
