import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  invitationAccepted,
  invitationCodeParam,
  invitationCreate,
  invitationCreated,
  invitationPreview,
  memberDetail,
  memberIdParam,
  memberListItem,
  memberRemoved,
  memberUpdate,
} from '../../schemas/member';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['member'];
const invitationTags = ['invitation'];
/** What changing another member may be refused with: not found, oneself, above one's rank, the last owner. */
const manageRefusals = [
  ErrorCode.MEMBER_NOT_FOUND,
  ErrorCode.LAST_OWNER_REQUIRED,
  ErrorCode.CANNOT_CHANGE_SELF,
  ErrorCode.PERMISSION_DENIED,
] as const;
/** An invitation that is unknown, used or expired (1104004), or whose inviter is gone (1104005). */
const invitationRefusals = [ErrorCode.INVITATION_CODE_INVALID, ErrorCode.INVITER_NOT_FOUND] as const;

export const memberEndpoints = {
  memberList: endpoint(apiRoutes.memberList, {
    tags,
    summary: "The merchant's staff members",
    result: z.array(memberListItem),
    refusals: [],
  }),
  memberDetail: endpoint(apiRoutes.memberDetail, {
    tags,
    summary: 'A staff member: role, permission groups and device whitelist',
    params: memberIdParam,
    result: memberDetail,
    refusals: [ErrorCode.MEMBER_NOT_FOUND],
  }),
  memberUpdate: endpoint(apiRoutes.memberUpdate, {
    tags,
    summary: "Change a member's role, permission groups or device whitelist",
    params: memberIdParam,
    body: memberUpdate,
    result: memberDetail,
    refusals: [...manageRefusals, ErrorCode.DEVICE_TARGETING_NEEDS_DEVICES, ErrorCode.DEVICES_NOT_OF_MERCHANT],
  }),
  memberSuspend: endpoint(apiRoutes.memberSuspend, {
    tags,
    summary: 'Suspend a member: their merchant token stops working at once',
    params: memberIdParam,
    result: memberDetail,
    refusals: manageRefusals,
  }),
  memberReinstate: endpoint(apiRoutes.memberReinstate, {
    tags,
    summary: 'Reinstate a suspended member',
    params: memberIdParam,
    result: memberDetail,
    refusals: manageRefusals,
  }),
  memberRemove: endpoint(apiRoutes.memberRemove, {
    tags,
    summary: 'Remove a member from the merchant (not yourself: 1104013)',
    params: memberIdParam,
    result: memberRemoved,
    refusals: [...manageRefusals, ErrorCode.CANNOT_DELETE_SELF],
  }),
  memberInvite: endpoint(apiRoutes.memberInvite, {
    tags: invitationTags,
    summary: 'Create an invitation code (valid one day, single use) for a role',
    body: invitationCreate,
    result: invitationCreated,
    refusals: [ErrorCode.PERMISSION_DENIED],
  }),
  invitationGet: endpoint(apiRoutes.invitationGet, {
    tags: invitationTags,
    summary: 'What an invitation offers: merchant, role and inviter',
    params: invitationCodeParam,
    result: invitationPreview,
    refusals: invitationRefusals,
  }),
  invitationAccept: endpoint(apiRoutes.invitationAccept, {
    tags: invitationTags,
    summary: 'Accept an invitation as the signed-in user',
    params: invitationCodeParam,
    result: invitationAccepted,
    refusals: [...invitationRefusals, ErrorCode.MEMBER_ALREADY_EXISTS],
  }),
};
