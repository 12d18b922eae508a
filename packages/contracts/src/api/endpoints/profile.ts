import { ErrorCode } from '../../errors';
import { avatarKeyParam, avatarTypes, avatarUpload, userProfile, userProfileUpdate } from '../../schemas/profile';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['profile'];

/** The signed-in user's own nickname, language and picture (the login token, not a merchant's). */
export const profileEndpoints = {
  profileGet: endpoint(apiRoutes.profileGet, {
    tags,
    summary: 'Nickname, avatar and language',
    result: userProfile,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  profileUpdate: endpoint(apiRoutes.profileUpdate, {
    tags,
    summary: 'Change the nickname and language',
    body: userProfileUpdate,
    result: userProfile,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  profileAvatarUpload: endpoint(apiRoutes.profileAvatarUpload, {
    tags,
    summary: 'Upload a profile picture (PNG or JPEG up to 2 MB; stored as a 256 px square)',
    body: avatarUpload,
    result: userProfile,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
    // A 2 MB picture as base64 is about 2.7 MB of JSON.
    bodyLimit: 3 * 1024 * 1024,
  }),
  avatarImage: endpoint(apiRoutes.avatarImage, {
    tags,
    summary: 'A profile picture (public: image tags send no token; the key is unguessable)',
    params: avatarKeyParam,
    produces: avatarTypes,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
};
