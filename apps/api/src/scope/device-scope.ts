import type { MerchantScope } from './merchant-scope';

/**
 * A merchant scope narrowed to one member: `memberId` null for root users (no member row, no
 * whitelist). `deviceWhitelist`, when given, is the member's whitelist as the access check read it
 * with the session (kept current by the session cache's notifications): sales queries use it
 * instead of reading it again.
 */
export type DeviceScope = MerchantScope & { memberId: number | null; deviceWhitelist?: readonly number[] | null };
