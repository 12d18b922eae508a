import { defineModule } from '../../lib/module';
import { placeRoutes } from './routes';
import { createPlaceService } from './service';

export const placeModule = defineModule({
  name: 'place',
  setup: ({ db, clock }) => ({
    routes: async (v1) => void (await v1.register(placeRoutes, { places: createPlaceService({ db, clock }) })),
  }),
});
