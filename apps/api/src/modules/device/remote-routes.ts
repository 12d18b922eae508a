import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abConfig,
  abConfigInput,
  coinDispenserRefill,
  coinDispenserTotal,
  commandResult,
  envelope,
  idParam,
  remoteCommand,
  testModeInput,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createRemoteService } from './remote-service';

type Deps = { remote: ReturnType<typeof createRemoteService> };
const tags = ['device'];
const acknowledged = { 200: envelope(commandResult) };
const deviceIdParam = z.object({ deviceID: idParam.shape.id });
const failures =
  'Waits for the device. No answer: 1702001 "connection timed out, check device status"; a refusal: its code (1702002, 1710001, 1710002...).';

export const remoteRoutes: FastifyPluginAsyncZod<Deps> = async (app, { remote }) => {
  app.post('/device-cloud/:id/remote', {
    config: { access: { token: 'merchant', permission: 'device.remote' } },
    schema: {
      tags,
      summary: 'A remote action of spec section 4, if the machine supports it (see info.remoteActions)',
      description: failures,
      params: idParam,
      body: remoteCommand,
      response: acknowledged,
    },
    handler: async (request) => ({
      result: await remote.remote(requireMerchant(request), request.params.id, request.body),
    }),
  });

  app.post('/device-cloud/:id/coin-dispenser', {
    config: { access: { token: 'merchant', permission: 'device.remote' } },
    schema: {
      tags,
      summary: 'Refill the coin dispenser: the amount it now holds',
      description: failures,
      params: idParam,
      body: coinDispenserRefill,
      response: acknowledged,
    },
    handler: async (request) => ({
      result: await remote.refillCoinDispenser(
        requireMerchant(request),
        request.params.id,
        request.body.remainingAmount,
      ),
    }),
  });

  app.put('/device-cloud/:id/coin-dispenser/total-amount', {
    config: { access: { token: 'merchant', permission: 'device.update' } },
    schema: {
      tags,
      summary: "Set the coin dispenser's capacity",
      description: failures,
      params: idParam,
      body: coinDispenserTotal,
      response: acknowledged,
    },
    handler: async (request) => ({
      result: await remote.setCoinDispenserTotal(requireMerchant(request), request.params.id, request.body.totalAmount),
    }),
  });

  app.post('/device-cloud/:id/banknote-reset', {
    config: { access: { token: 'merchant', permission: 'device.remote' } },
    schema: {
      tags,
      summary: "Reset the bill acceptor's counts",
      description: failures,
      params: idParam,
      response: acknowledged,
    },
    handler: async (request) => ({ result: await remote.resetBanknotes(requireMerchant(request), request.params.id) }),
  });

  app.put('/admin/device-cloud/:deviceID/test', {
    config: { access: { token: 'merchant', permission: 'device.update' } },
    schema: {
      tags,
      summary: 'Test mode: a positive testTime (seconds) turns it on, 0 off',
      description: failures,
      params: deviceIdParam,
      body: testModeInput,
      response: acknowledged,
    },
    handler: async (request) => ({
      result: await remote.setTestMode(requireMerchant(request), request.params.deviceID, request.body.testTime),
    }),
  });

  app.get('/admin/ab/:id/config', {
    config: { access: { token: 'merchant', permission: 'device.read' } },
    schema: { tags, summary: "An AB controller's settings", params: idParam, response: { 200: envelope(abConfig) } },
    handler: async (request) => ({ result: await remote.abConfig(requireMerchant(request), request.params.id) }),
  });

  app.put('/admin/ab/:deviceCloudID/config', {
    config: { access: { token: 'merchant', permission: 'device.update' } },
    schema: {
      tags,
      summary: "Change an AB controller's settings (merged into the current ones)",
      description: failures,
      params: z.object({ deviceCloudID: idParam.shape.id }),
      body: abConfigInput,
      response: { 200: envelope(abConfig) },
    },
    handler: async (request) => ({
      result: await remote.setAbConfig(requireMerchant(request), request.params.deviceCloudID, request.body.config),
    }),
  });
};
