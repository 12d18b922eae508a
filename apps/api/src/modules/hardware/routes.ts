import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindableDevice,
  bindableListQuery,
  bindingInput,
  bindingResult,
  envelope,
  hardwareInfo,
  hardwareParam,
  idParam,
} from '@sbo/contracts';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createBindingService } from './service';

type Deps = { binding: ReturnType<typeof createBindingService> };
const tags = ['hardware binding'];

export const bindingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { binding }) => {
  app.get('/device/hardware/:hwid', {
    config: { access: { token: 'login' } },
    schema: {
      tags,
      summary: 'A controller by hardware id; bound when deviceCloud is not null (1102004 unknown, 1102005 malformed)',
      params: hardwareParam,
      response: { 200: envelope(hardwareInfo) },
    },
    handler: async (request) => ({ result: await binding.hardwareInfo(requireUser(request), request.params.hwid) }),
  });

  app.get('/device-cloud/bindable-list', {
    config: { access: { token: 'merchant', permission: 'device.bind' } },
    schema: {
      tags,
      summary: "The merchant's unbound cloud devices this hardware can drive (same model); 1102009 if it is bound",
      querystring: bindableListQuery,
      response: { 200: envelope(z.array(bindableDevice)) },
    },
    handler: async (request) => ({ result: await binding.bindableList(requireMerchant(request), request.query.hwid) }),
  });

  app.post('/device-cloud/:deviceCloudID/binding', {
    config: { access: { token: 'merchant', permission: 'device.bind' } },
    schema: {
      tags,
      summary: 'Bind hardware to a cloud device (1102003-1102009)',
      params: z.object({ deviceCloudID: idParam.shape.id }),
      body: bindingInput,
      response: { 200: envelope(bindingResult) },
    },
    handler: async (request) => ({
      result: await binding.bind(requireMerchant(request), request.params.deviceCloudID, request.body.hwid),
    }),
  });
};
