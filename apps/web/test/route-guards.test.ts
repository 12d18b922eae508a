import { describe, expect, it } from 'vitest';
import { resolveAppTarget } from '../src/app/guards/app-target';
import { activeLinkPath, visibleNavigation } from '../src/app/layouts/navigation-items';
import { returnPathAfterMerchantPick, returnPathAfterSignIn } from '../src/lib/sign-in';

const target = (query: string) => resolveAppTarget(new URLSearchParams(query));

describe('/app?target=', () => {
  it('sends each target to its /app screen', () => {
    expect(target('target=transactionRecord')).toBe('/app/dashboard/transaction-record');
    expect(target('target=walletWithdrawRecord')).toBe('/app/wallet/withdraw-record');
    expect(target('target=deviceInfo&id=12')).toBe('/app/device/info/12');
    expect(target('target=memberDetail&id=5')).toBe('/app/member/5');
    expect(target('target=productInfo&id=9')).toBe('/app/product/info/9');
  });

  it('passes a vipCardDetail id on as cardID, and other query values along', () => {
    expect(target('target=vipCardDetail&id=77&date=2025-01-01')).toBe('/app/vip-card/detail?date=2025-01-01&cardID=77');
  });

  it('gives not-found for a missing id or an unknown target', () => {
    expect(target('target=deviceInfo')).toBeNull();
    expect(target('target=memberDetail&id=')).toBeNull();
    expect(target('target=somethingElse')).toBeNull();
    expect(target('')).toBeNull();
  });
});

describe('navigation by permission', () => {
  it('hides links the member lacks and groups left empty', () => {
    const entries = visibleNavigation(['device.read', 'cashbox.read']);
    expect(entries.map((entry) => entry.key)).toEqual(['accountManagement', 'devices', 'settings']);
    expect(entries[0]?.links.map((link) => link.path)).toEqual(['/device-log', '/cashbox']);
  });

  it('marks the link that owns a deeper address', () => {
    const entries = visibleNavigation(['wallet.read', 'bankbook.manage', 'dashboard.read', 'transaction.read']);
    expect(activeLinkPath('/user/wallet/bankbook/3/edit', entries)).toBe('/user/wallet/bankbook');
    expect(activeLinkPath('/dashboard/transaction-record', entries)).toBe('/dashboard/transaction-record');
    expect(activeLinkPath('/dashboard', entries)).toBe('/dashboard');
  });

  it('marks nothing when the owning link is hidden, never a shorter parent such as /user', () => {
    // A store manager opening a wallet address: /user (Preferences) is a parent, but not the owner.
    const entries = visibleNavigation(['device.read', 'cashbox.read', 'notification.read'], 'storeManager');
    expect(activeLinkPath('/user/wallet/withdraw', entries)).toBeUndefined();
    expect(activeLinkPath('/user/profile', entries)).toBe('/user/profile');
    expect(activeLinkPath('/user', entries)).toBe('/user');
  });
});

describe('return addresses after sign-in', () => {
  it('accepts only in-app paths outside the sign-in pages', () => {
    expect(returnPathAfterSignIn('/device')).toBe('/device');
    expect(returnPathAfterSignIn('https://evil.example')).toBe('/merchant-login');
    expect(returnPathAfterSignIn('//evil.example')).toBe('/merchant-login');
    expect(returnPathAfterSignIn('/user-login?x=1')).toBe('/merchant-login');
    expect(returnPathAfterSignIn(null)).toBe('/merchant-login');
    expect(returnPathAfterMerchantPick(null)).toBe('/dashboard');
    expect(returnPathAfterMerchantPick('/promotion/3')).toBe('/promotion/3');
  });
});
