import type { Permission } from '../permissions';

/**
 * What an endpoint needs from its caller; every api route declares one.
 * `queryToken`: the token may also come as `?token=` (EventSource cannot set headers).
 * `rootOnly`: service agents' tools (`admin/*`): role root acting in the merchant.
 */
export type Access =
  | { token: 'public' }
  | { token: 'login' }
  | { token: 'merchant'; permission: Permission; queryToken?: boolean; rootOnly?: boolean };

/** Which token a call carries. */
export type TokenKind = Access['token'];
