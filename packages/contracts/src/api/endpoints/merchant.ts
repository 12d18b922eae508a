import { z } from 'zod';
import { ErrorCode } from '../../errors';
import { idParam } from '../../schemas/common';
import {
  merchantInfo,
  merchantInfoUpdate,
  merchantListItem,
  merchantLoginResult,
  merchantProfile,
} from '../../schemas/merchant';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['merchant'];
/** Why a profile cannot be made: the merchant or user is gone, or the member is not (or no longer) in it. */
const profileRefusals = [
  ErrorCode.USER_OR_MERCHANT_NOT_FOUND,
  ErrorCode.MERCHANT_MEMBER_NOT_FOUND,
  ErrorCode.MEMBER_SUSPENDED,
] as const;

export const merchantEndpoints = {
  merchantList: endpoint(apiRoutes.merchantList, {
    tags,
    summary: 'Merchants the signed-in user belongs to',
    result: z.array(merchantListItem),
    refusals: [],
  }),
  merchantLogin: endpoint(apiRoutes.merchantLogin, {
    tags,
    summary: 'Pick a merchant: merchant token (1 day) and the merchant profile',
    params: idParam,
    result: merchantLoginResult,
    refusals: profileRefusals,
  }),
  merchantProfile: endpoint(apiRoutes.merchantProfile, {
    tags,
    summary: 'The merchant profile as it is now (role, groups, permissions)',
    result: merchantProfile,
    refusals: profileRefusals,
  }),
  merchantInfo: endpoint(apiRoutes.merchantInfo, {
    tags,
    summary: "The merchant's details",
    result: merchantInfo,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  merchantInfoUpdate: endpoint(apiRoutes.merchantInfoUpdate, {
    tags,
    summary: "Edit the merchant's details",
    body: merchantInfoUpdate,
    result: merchantInfo,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND, ErrorCode.ID_NUMBER_INVALID],
  }),
};
