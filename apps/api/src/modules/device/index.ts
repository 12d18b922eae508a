import { defineModule } from '../../lib/module';
import { batchRoutes } from './batch-routes';
import { createBatchService } from './batch-service';
import { remoteRoutes } from './remote-routes';
import { createRemoteService } from './remote-service';
import { deviceRoutes } from './routes';
import { createDeviceService } from './service';

/** Machines: their list and live state, remote commands, and commands sent to many at once. */
export const deviceModule = defineModule({
  name: 'device',
  setup({ config, db, clock, log, answers, live, runCommand }) {
    const batches = createBatchService({
      db,
      runCommand,
      clock,
      log: log.child({ module: 'batch' }),
      ackTimeoutMs: config.DEVICE_ACK_TIMEOUT_MS,
    });
    return {
      async routes(v1) {
        await v1.register(deviceRoutes, {
          devices: createDeviceService({ db, runCommand }),
          answers,
          live,
          stream: { maxSeconds: config.SSE_STREAM_MAX_SECONDS, heartbeatSeconds: config.SSE_HEARTBEAT_SECONDS },
        });
        await v1.register(remoteRoutes, { remote: createRemoteService({ db, runCommand }) });
        await v1.register(batchRoutes, { batches, perMinute: config.RATE_LIMIT_DEVICE_COMMANDS_PER_MINUTE });
      },
      // Machines still being commanded get their answers recorded before the database goes away.
      onClose: () => batches.idle(),
    };
  },
});
