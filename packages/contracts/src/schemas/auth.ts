import { z } from 'zod';
import { fallbackLanguage } from '../constants';
import { matchLanguage } from '../languages';

export const ssoAuthorizeQuery = z.object({
  redirect: z.string().max(2048).optional().describe('Back-office address to return to after sign-in'),
  lang: z
    .string()
    .optional()
    // A language we do not have, however it is written (even an overlong or garbled value), shows the
    // pages in English rather than refusing the sign-in; only the first 256 characters are read.
    .transform((tag) => (tag === undefined ? undefined : (matchLanguage(tag.slice(0, 256)) ?? fallbackLanguage)))
    .describe('Language of the sign-in pages (a BCP 47 tag); English when it is not one of ours'),
});

export const ssoReplacementQuery = z.object({
  keyring: z.string().min(1).max(512).describe('One-time code the sign-in service returned'),
});
export const ssoReplacementResult = z.object({ jwt: z.string() });

/** Who a user is, as the screens name them. */
export const userIdentity = { userId: z.number().int(), email: z.string(), nickName: z.string() };

export const currentUser = z.object({
  ...userIdentity,
  avatar: z.string().nullable(),
  isRoot: z.boolean(),
});
