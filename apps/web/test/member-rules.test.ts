import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canManageMember,
  grantableGroup,
  groupsForRole,
} from '../src/features/member/components/member-rules';
import { sampleProfile } from './samples';

const owner = sampleProfile({ permissions: ['member.read', 'member.manage'] });
const manager = sampleProfile({
  member: { rbacRole: 'manager', permissionGroups: ['memberManagement', 'notification'] },
  permissions: ['member.read', 'member.manage'],
});

describe('the staff screens hide what the api would refuse', () => {
  it('lets an owner manage anyone but themselves', () => {
    expect(canManageMember(owner, { isSelf: false, role: 'merchant' })).toBe(true);
    expect(canManageMember(owner, { isSelf: true, role: 'merchant' })).toBe(false);
  });

  it('lets a manager manage only shareholders and store managers, and give only those roles', () => {
    expect(canManageMember(manager, { isSelf: false, role: 'storeManager' })).toBe(true);
    expect(canManageMember(manager, { isSelf: false, role: 'manager' })).toBe(false);
    expect(canManageMember(manager, { isSelf: false, role: 'merchant' })).toBe(false);
    expect(assignableRoles(manager)).toEqual(['shareholder', 'storeManager']);
    expect(assignableRoles(owner)).toContain('merchant');
  });

  it('offers only the groups the manager holds', () => {
    expect(grantableGroup(manager, 'notification')).toBe(true);
    expect(grantableGroup(manager, 'remoteControl')).toBe(false);
  });

  it('shows nothing to change without member.manage', () => {
    const reader = sampleProfile({ permissions: ['member.read'] });
    expect(canManageMember(reader, { isSelf: false, role: 'storeManager' })).toBe(false);
  });

  it('offers only the groups that give the role something', () => {
    expect(groupsForRole('storeManager')).toEqual(['remoteControl', 'notification']);
    expect(groupsForRole('shareholder')).toEqual(['transaction', 'notification']);
    expect(groupsForRole('manager')).toEqual(['memberManagement', 'transaction', 'remoteControl', 'notification']);
  });
});
