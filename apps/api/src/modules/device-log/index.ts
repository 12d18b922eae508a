import { defineModule } from '../../lib/module';
import { deviceLogRoutes } from './routes';
import { createDeviceLogService } from './service';

export const deviceLogModule = defineModule({
  name: 'device-log',
  setup: ({ db, clock }) => ({
    routes: async (v1) => void (await v1.register(deviceLogRoutes, { logs: createDeviceLogService({ db, clock }) })),
  }),
});
