import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarKeyParam, avatarUpload, envelope, userProfile, userProfileUpdate } from '@sbo/contracts';
import { requireUser } from '../../plugins/auth-context';
import type { createProfileService } from './service';

type Deps = { profiles: ReturnType<typeof createProfileService> };

export const profileRoutes: FastifyPluginAsyncZod<Deps> = async (app, { profiles }) => {
  app.get('/user/profile', {
    config: { access: { token: 'login' } },
    schema: { tags: ['profile'], summary: 'Nickname, avatar and language', response: { 200: envelope(userProfile) } },
    handler: async (request) => ({ result: await profiles.get(requireUser(request).userId) }),
  });

  app.put('/user/profile', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['profile'],
      summary: 'Change the nickname and language',
      body: userProfileUpdate,
      response: { 200: envelope(userProfile) },
    },
    handler: async (request) => ({ result: await profiles.update(requireUser(request).userId, request.body) }),
  });

  app.put('/user/profile/avatar', {
    config: { access: { token: 'login' } },
    // A 2 MB picture as base64 is about 2.7 MB of JSON.
    bodyLimit: 3 * 1024 * 1024,
    schema: {
      tags: ['profile'],
      summary: 'Upload a profile picture (PNG or JPEG up to 2 MB; stored as a 256 px square)',
      body: avatarUpload,
      response: { 200: envelope(userProfile) },
    },
    handler: async (request) => ({ result: await profiles.setAvatar(requireUser(request).userId, request.body) }),
  });

  app.get('/avatars/:key', {
    config: { access: { token: 'public' } },
    schema: {
      tags: ['profile'],
      summary: 'A profile picture (public: image tags send no token; the key is unguessable)',
      params: avatarKeyParam,
      response: { 200: z.instanceof(Buffer).describe('the image') },
    },
    handler: async (request, reply) => {
      const image = await profiles.avatar(request.params.key);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.content);
    },
  });
};
