import { ErrorCode, type AvatarUpload, type UserProfile, type UserProfileUpdate } from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { makeAvatar } from '../../lib/avatar-image';
import * as repo from './repository';

const avatarPath = (key: string) => `/api/v1/avatars/${key}`;

export function createProfileService(deps: { db: Database }) {
  const { db } = deps;

  async function get(tx: Executor, userId: number): Promise<UserProfile> {
    const user = await repo.findProfileUser(tx, userId);
    if (!user) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    return { userId: user.id, email: user.email, nickName: user.nickName, avatar: user.avatar, locale: user.locale };
  }

  return {
    get: (userId: number) => get(db, userId),

    async update(userId: number, input: UserProfileUpdate): Promise<UserProfile> {
      await repo.updateProfile(db, userId, { nickName: input.nickName, locale: input.locale });
      return get(db, userId);
    },

    /** Each upload gets a new key, so the address changes and caches never show the old picture. */
    async setAvatar(userId: number, input: AvatarUpload): Promise<UserProfile> {
      const image = makeAvatar(input.image);
      return db.transaction(async (tx) => {
        await repo.replaceAvatar(tx, userId, image, avatarPath);
        return get(tx, userId);
      });
    },

    async avatar(key: string) {
      const row = await repo.findAvatar(db, key);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return row;
    },
  };
}
