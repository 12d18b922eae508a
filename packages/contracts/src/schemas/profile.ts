import { z } from 'zod';
import { languageCodes } from '../constants';
import { userIdentity } from './auth';

export const userProfile = z.object({
  ...userIdentity,
  avatar: z.string().nullable().describe('Address of the profile picture, served by the api'),
  locale: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userProfileUpdate = z
  .object({
    nickName: z.string().trim().min(1).max(40),
    locale: z.enum(languageCodes as [string, ...string[]]).nullable(),
  })
  .strict();
export type UserProfileUpdate = z.infer<typeof userProfileUpdate>;

export const avatarMaxBytes = 2 * 1024 * 1024;
export const avatarTypes = ['image/png', 'image/jpeg'] as const;
export const avatarSizePx = 256;

/** An avatar as a data URL (`data:image/png;base64,...`): PNG or JPEG, at most 2 MB. */
export const avatarUpload = z
  .object({
    image: z
      .string()
      .max(Math.ceil((avatarMaxBytes * 4) / 3) + 64)
      .regex(/^data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+$/, 'expected a base64 data URL of an image'),
  })
  .strict();
export type AvatarUpload = z.infer<typeof avatarUpload>;

export const avatarKeyParam = z.object({ key: z.uuid() });
