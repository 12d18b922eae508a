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
    'merchant; with it disabled, on all of them. Enabling it with no device is refused (1104007),',
    'and so is a device of another merchant (1104008).',
    '',
    '## Managing staff',
    '',
    '`member.manage` lets a member invite, change, suspend and remove staff, within these limits',
    '(a call beyond them answers 1104016):',
    '',
    '- root and owners (merchant) manage every member and may give any member role, owner included;',
    '  a manager manages only shareholders and store managers and gives only those two roles',
    '  (invitations included): nobody raises anyone to their own rank or above, except owners.',
    '- A member grants only permission groups they hold themselves (root and owners hold all).',
    '- Nobody changes or suspends themselves (1104019), nor removes themselves (1104013).',
    '- A merchant keeps at least one active owner: the last one cannot be demoted, suspended or removed (1104021).',
    "- A role change without groups resets the groups to that role's defaults above.",
    '- Invitations carry manager, shareholder or storeManager; they are valid one day and accepted once.',
    '',
    '## Mobile payment',
    '',
    'A place accepts coins and bills (`offline`) and stored-value cards (`cash-card`) without more.',
    "Every other gateway of the payment list needs the merchant's mobile payment enabled (1104018),",
    'a switch a service agent (root) turns on with `PUT admin/merchant/mobile-payment` once the',
    "merchant's mobile-payment contract is in place.",
    '',
    '## Audit',
    '',
    'Member changes (role, groups, whitelist, suspension, removal), invitations created and accepted,',
    'merchant details, payment options and the mobile-payment switch are written to the audit log in',
    'the same transaction, with who, when, before and after; so are places, devices and hardware,',
    'product templates, bank accounts, trips, refunds and withdrawals. The actions and kinds are listed',
    'in `packages/contracts/src/schemas/audit.ts` (the writer accepts no other). `GET audit/list` shows',
    'the log to root and owners, newest first, optionally for one kind (`entity=`).',
    '',
  ].join('\n');
}
