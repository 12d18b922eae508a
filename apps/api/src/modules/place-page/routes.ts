import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { placePageKey } from '@sbo/contracts';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { placePageEndpoints as contract } from '@sbo/contracts/api/endpoints/place-page';
import { addEndpoint } from '../../lib/endpoint-route';
import { openEventStream, type StreamTiming } from '../../lib/event-stream';
import type { LiveHub } from '../../plugins/live-updates';
import { requireMerchant } from '../../plugins/auth-context';
import type { PlacePageService } from './service';
import type { ConsumerPage } from '../../plugins/web-app';

type Deps = { pages: PlacePageService; live: LiveHub; stream: StreamTiming; readsPerMinute: number };

/** Done alerts one address may ask for in an hour, whatever the machines. */
export const alertsPerAddressHour = 10;

/** An unknown key and a page its owner turned off answer alike: nothing to see here. */
const notAvailable = (reply: FastifyReply) =>
  reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: catalogueEntry(ErrorCode.NOT_FOUND)!.en });

export const placePageRoutes: FastifyPluginAsync<Deps> = async (app, { pages, live, stream, readsPerMinute }) => {
  addEndpoint(app, contract.placePublicPage, async (request) => ({
    result: await pages.pageOf(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.placePublicPageUpdate, async (request) => ({
    result: await pages.setPage(requireMerchant(request), request.params.id, request.body.enabled),
  }));

  // Public calls (no token), each limited per client address.
  const perMinute = { config: { rateLimit: { max: readsPerMinute, timeWindow: 60_000 } } };

  addEndpoint(
    app,
    contract.placePage,
    async (request, reply) => {
      const place = await pages.publicPlace(request.params.key);
      if (!place) return notAvailable(reply);
      // The answer changes with every report: never kept by a cache between the phone and here.
      reply.header('cache-control', 'no-store');
      return { result: place };
    },
    perMinute,
  );

  addEndpoint(
    app,
    contract.placePageStream,
    async (request, reply) => {
      const scope = await pages.streamScope(request.params.key);
      if (!scope) return notAvailable(reply);
      let queue = Promise.resolve();
      await openEventStream(reply, stream, (writer) =>
        live.subscribe({
          merchantId: scope.merchantId,
          visible: scope.deviceIds,
          // One after another, so a machine's updates keep their order while the page's state is asked.
          send: (_event, update) => {
            queue = queue
              .then(() => pages.stillOpen(request.params.key))
              .then((open) => (open ? writer.send('machine', pages.toUpdate(update)) : writer.end()))
              .catch(() => writer.end());
          },
          end: writer.end,
        }),
      );
    },
    perMinute,
  );

  addEndpoint(
    app,
    contract.placePageDoneAlert,
    async (request, reply) => {
      const { key, deviceId } = request.params;
      const result = await pages.addDoneAlert(key, deviceId, request.body);
      if (!result) return notAvailable(reply);
      return { result };
    },
    // Only well-formed asks count against the address: a malformed one is refused as 400 first.
    { config: { rateLimit: { max: alertsPerAddressHour, timeWindow: 3_600_000, hook: 'preHandler' } } },
  );
};

/**
 * `/p/<key>`, the address on the place's QR code: the consumer entry's page, 200 while the place's page is
 * on and 404 otherwise (the page then shows "not available" in the visitor's language, never data).
 */
export function registerPlacePageAddress(
  app: FastifyInstance,
  deps: { pages: PlacePageService; page: ConsumerPage | null },
) {
  app.get<{ Params: { key: string } }>('/p/:key', { schema: { hide: true } }, async (request, reply) => {
    if (deps.page === null) return notAvailable(reply);
    const key = request.params.key;
    const open = placePageKey.safeParse(key).success && (await deps.pages.isOpen(key));
    return reply
      .status(open ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(deps.page.html(request.headers['accept-language']));
  });
}
