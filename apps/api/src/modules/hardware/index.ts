import { defineModule } from '../../lib/module';
import { hardwareAdminRoutes } from './admin-routes';
import { createHardwareAdminService } from './admin-service';
import { bindingRoutes } from './routes';
import { createBindingService } from './service';

/** Binding a machine's hardware to a merchant, and the hardware administration. */
export const hardwareModule = defineModule({
  name: 'hardware',
  setup: ({ db }) => ({
    async routes(v1) {
      await v1.register(bindingRoutes, { binding: createBindingService({ db }) });
      await v1.register(hardwareAdminRoutes, { admin: createHardwareAdminService({ db }) });
    },
  }),
});
