import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cloudDeviceInput,
  deviceListItem,
  envelope,
  hardwareListItem,
  hardwareListQuery,
  hardwareParam,
  hardwareRegistration,
  page,
  registeredHardware,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createHardwareAdminService } from './admin-service';

type Deps = { admin: ReturnType<typeof createHardwareAdminService> };
const tags = ['service agents'];
const access = { token: 'merchant', permission: 'device.bind', rootOnly: true } as const;

/** Service agents only: a root user's merchant token, for the merchant they act in (else 1104016). */
export const hardwareAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { admin }) => {
  app.post('/admin/hardware', {
    config: { access },
    schema: {
      tags,
      summary: 'Register a controller; the answer holds its secret, shown only this once',
      body: hardwareRegistration,
      response: { 200: envelope(registeredHardware) },
    },
    handler: async (request) => ({ result: await admin.register(requireMerchant(request), request.body) }),
  });

  app.get('/admin/hardware', {
    config: { access },
    schema: {
      tags,
      summary: 'Every registered controller, newest first',
      querystring: hardwareListQuery,
      response: { 200: envelope(page(hardwareListItem)) },
    },
    handler: async (request) => ({ result: await admin.list(request.query) }),
  });

  app.post('/admin/hardware/:hwid/secret', {
    config: { access },
    schema: {
      tags,
      summary: "Replace a controller's secret; the answer holds the new one",
      params: hardwareParam,
      response: { 200: envelope(registeredHardware) },
    },
    handler: async (request) => ({ result: await admin.rotateSecret(requireMerchant(request), request.params.hwid) }),
  });

  app.post('/admin/device-cloud', {
    config: { access },
    schema: {
      tags,
      summary: "Create a cloud device for the token's merchant",
      body: cloudDeviceInput,
      response: { 200: envelope(deviceListItem) },
    },
    handler: async (request) => ({ result: await admin.createCloudDevice(requireMerchant(request), request.body) }),
  });
};
