import { defaultGroupsByRole, permissionMatrix, roles, rolesWithAllGroups, type Role } from './permissions';

const roleTitles: Record<Role, string> = {
  root: 'root (service agent)',
  merchant: 'merchant (owner)',
  manager: 'manager',
  shareholder: 'shareholder',
  storeManager: 'storeManager',
};

/** Renders docs/permissions.md from the matrix, so the document can never drift from what is enforced. */
export function renderPermissionsDoc(): string {
  const header = `| permission | what it allows | group | ${roles.join(' | ')} |`;
  const rule = `|---|---|---|${roles.map(() => ':-:').join('|')}|`;
  const rows = Object.entries(permissionMatrix).map(([name, definition]) => {
    const group = 'group' in definition ? definition.group : '';
    const marks = roles.map((role) => ((definition.roles as readonly Role[]).includes(role) ? '✓' : ''));
    return `| \`${name}\` | ${definition.description} | ${group} | ${marks.join(' | ')} |`;
  });
  const defaults = roles.map((role) => `- ${roleTitles[role]}: ${defaultGroupsByRole[role].join(', ')}`);
  return [
    '# Permissions',
    '',
    '<!-- Generated from packages/contracts/src/permissions.ts by `npm run docs:permissions`. Do not edit by hand. -->',
    '',
    'A member may do something when their role has the permission (a tick below) and, for a',
    'permission that belongs to a group, the member also holds that group. The roles',
    `${rolesWithAllGroups.join(' and ')} hold every group. The api enforces this in one place: every route under`,
    '`/api/v1` declares the token it needs and, for merchant routes, one permission; a route',
    'without a declaration cannot be added. The web hides what the merchant profile',
    "(`permissions`, returned when a merchant is picked) does not list. A suspended member's",
    'merchant token fails at once (code 1104015); a denied call answers code 1104016.',
    '',
    header,
    rule,
    ...rows,
    '',
    '## Permission groups a new member starts with',
    '',
    ...defaults,
    '',
    '## Device whitelist',
    '',
    'A member whose device whitelist is enabled sees and acts on only the listed devices of the',
    'merchant; with it disabled, on all of them. Enabling it with no device is refused (1104007).',
    '',
  ].join('\n');
}
