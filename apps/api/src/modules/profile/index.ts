import { defineModule } from '../../lib/module';
import { profileRoutes } from './routes';
import { createProfileService } from './service';

export const profileModule = defineModule({
  name: 'profile',
  setup: ({ db }) => ({
    routes: async (v1) => void (await v1.register(profileRoutes, { profiles: createProfileService({ db }) })),
  }),
});
