/**
 * The role-to-permission matrix: the single source of truth. The api enforces it
 * (every route declares one permission), the web hides what it does not allow,
 * and docs/permissions.md is generated from it (`npm run docs:permissions`).
 */

export const roles = ['root', 'merchant', 'manager', 'shareholder', 'storeManager'] as const;
export type Role = (typeof roles)[number];

/** Per-member permission groups (spec sections 3 and 6). */
export const permissionGroups = ['memberManagement', 'transaction', 'remoteControl', 'notification'] as const;
export type PermissionGroup = (typeof permissionGroups)[number];

type PermissionDefinition = {
  description: string;
  /** When set, the member must also hold this group (owners and root always do). */
  group?: PermissionGroup;
  roles: readonly Role[];
};

const everyone = roles;
const owners = ['root', 'merchant'] as const;
const managers = ['root', 'merchant', 'manager'] as const;

export const permissionMatrix = {
  'merchant.read': { description: 'Read the merchant profile and settings', roles: everyone },
  'merchant.update': { description: 'Edit the merchant details', roles: owners },
  'payment.read': { description: 'Read the accepted payment options', roles: managers },
  'payment.update': { description: 'Change the accepted payment options', roles: owners },
  'dashboard.read': {
    description: 'Open the dashboard overview',
    roles: ['root', 'merchant', 'manager', 'shareholder'],
  },
  'transaction.read': {
    description: 'Read transaction records and export them',
    group: 'transaction',
    roles: ['root', 'merchant', 'manager', 'shareholder'],
  },
  'revenue.read': {
    description: 'Read revenue statistics',
    group: 'transaction',
    roles: ['root', 'merchant', 'manager', 'shareholder'],
  },
  'transaction.refund': { description: 'Refund a transaction', group: 'transaction', roles: owners },
  'cashbox.read': { description: 'Read cash-box trip records', roles: ['root', 'merchant', 'manager', 'storeManager'] },
  'cashbox.manage': { description: 'Add cash-box trips', roles: ['root', 'merchant', 'manager', 'storeManager'] },
  'device.read': { description: 'See devices, their state and the device log', roles: everyone },
  'device.update': { description: 'Rename devices, change their product and settings', roles: managers },
  'device.remote': {
    description: 'Send remote-control commands to devices',
    group: 'remoteControl',
    roles: ['root', 'merchant', 'manager', 'storeManager'],
  },
  'device.bind': { description: 'Bind hardware to a cloud device', roles: managers },
  'place.read': { description: 'See places', roles: everyone },
  'place.manage': { description: 'Create, edit and delete places', roles: managers },
  'product.read': { description: 'See product templates', roles: ['root', 'merchant', 'manager', 'storeManager'] },
  'product.manage': { description: 'Create and edit product templates', roles: managers },
  'promotion.read': { description: 'See promotions', roles: ['root', 'merchant', 'manager', 'shareholder'] },
  'promotion.manage': { description: 'Create, edit and stop promotions', roles: managers },
  'vipCard.read': {
    description: 'See member cards and their records',
    roles: ['root', 'merchant', 'manager', 'shareholder'],
  },
  'vipCard.manage': { description: 'Issue, activate and cancel member cards and OK cards', roles: managers },
  'vipCard.adjust': {
    description: 'Top up a card by hand or adjust its balance or points, with a reason',
    roles: managers,
  },
  'vipCard.settings': { description: 'Change the top-up tiers, points rule and accepting places', roles: managers },
  'wallet.read': { description: 'See the wallet and withdrawal records', roles: ['root', 'merchant', 'shareholder'] },
  'wallet.withdraw': { description: 'Withdraw to a bank account', roles: owners },
  'bankbook.manage': { description: 'Add, edit and remove bank accounts', roles: owners },
  'member.read': {
    description: 'See staff members',
    group: 'memberManagement',
    roles: managers,
  },
  'member.manage': {
    description: 'Invite, change, suspend and remove staff members',
    group: 'memberManagement',
    roles: managers,
  },
  'notification.read': {
    description: 'Read notifications',
    group: 'notification',
    roles: everyone,
  },
  'notification.manage': {
    description: 'Change notification settings',
    group: 'notification',
    roles: everyone,
  },
  'notification.thresholds': {
    description: "Change the merchant's alert thresholds",
    group: 'notification',
    roles: managers,
  },
  'audit.read': { description: 'Read the audit log', roles: owners },
} as const satisfies Record<string, PermissionDefinition>;

export type Permission = keyof typeof permissionMatrix;
export const permissions = Object.keys(permissionMatrix) as Permission[];

/** Roles that hold every permission group regardless of the member's settings. */
export const rolesWithAllGroups: readonly Role[] = owners;

type MemberAccess = { role: Role; permissionGroups: readonly PermissionGroup[] };

/** Whether a member with this role and these groups may do this. */
export function isAllowed(member: MemberAccess, permission: Permission): boolean {
  const definition: PermissionDefinition = permissionMatrix[permission];
  if (!definition.roles.includes(member.role)) return false;
  if (!definition.group || rolesWithAllGroups.includes(member.role)) return true;
  return member.permissionGroups.includes(definition.group);
}

/** Groups a new member of this role starts with. */
export const defaultGroupsByRole: Record<Role, readonly PermissionGroup[]> = {
  root: permissionGroups,
  merchant: permissionGroups,
  manager: permissionGroups,
  shareholder: ['transaction', 'notification'],
  storeManager: ['remoteControl', 'notification'],
};
