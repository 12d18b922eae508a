import type { FastifyPluginAsync } from 'fastify';
import { hardwareEndpoints as contract } from '@sbo/contracts/api/endpoints/hardware';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createHardwareAdminService } from './admin-service';

type Deps = { admin: ReturnType<typeof createHardwareAdminService> };

/** Service agents only: a root user's merchant token, for the merchant they act in (else 1104016). */
export const hardwareAdminRoutes: FastifyPluginAsync<Deps> = async (app, { admin }) => {
  addEndpoint(app, contract.adminHardwareRegister, async (request) => ({
    result: await admin.register(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.adminHardwareList, async (request) => ({ result: await admin.list(request.query) }));

  addEndpoint(app, contract.adminHardwareSecret, async (request) => ({
    result: await admin.rotateSecret(requireMerchant(request), request.params.hwid),
  }));

  addEndpoint(app, contract.adminCloudDeviceCreate, async (request) => ({
    result: await admin.createCloudDevice(requireMerchant(request), request.body),
  }));
};
