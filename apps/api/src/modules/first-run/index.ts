import { defineModule } from '../../lib/module';
import { registerFirstRun } from './gate';

/** In production, until the first root account exists, only its set-up page answers. */
export const firstRunModule = defineModule({
  name: 'first-run',
  async setup({ app, config, pool, clock }) {
    if (config.MODE === 'production') {
      // Before every route: the gate's hooks must come first.
      await registerFirstRun(app, {
        pool,
        clock,
        publicUrl: config.publicUrl,
        localPassword: !config.OIDC_ISSUER,
        attemptsPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      });
    } else {
      app.decorate('setupLink', null);
    }
    return {};
  },
});
