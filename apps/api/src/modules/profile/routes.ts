import type { FastifyPluginAsync } from 'fastify';
import { profileEndpoints as contract } from '@sbo/contracts/api/endpoints/profile';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireUser } from '../../plugins/auth-context';
import type { createProfileService } from './service';

type Deps = { profiles: ReturnType<typeof createProfileService> };

export const profileRoutes: FastifyPluginAsync<Deps> = async (app, { profiles }) => {
  addEndpoint(app, contract.profileGet, async (request) => ({
    result: await profiles.get(requireUser(request).userId),
  }));

  addEndpoint(app, contract.profileUpdate, async (request) => ({
    result: await profiles.update(requireUser(request).userId, request.body),
  }));

  addEndpoint(app, contract.profileAvatarUpload, async (request) => ({
    result: await profiles.setAvatar(requireUser(request).userId, request.body),
  }));

  addEndpoint(app, contract.avatarImage, async (request, reply) => {
    const image = await profiles.avatar(request.params.key);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.content);
  });
};
