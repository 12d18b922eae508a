/** The `/app?target=` names the mobile app uses, and where each leads (spec section 2). */
type TargetRule = { path: string; needsId?: 'path' | 'cardID' };

const targets: Record<string, TargetRule> = {
  deviceInfo: { path: '/app/device/info/:id', needsId: 'path' },
  transactionRecord: { path: '/app/dashboard/transaction-record' },
  revenueStatistics: { path: '/app/dashboard/revenue-statistics' },
  vipCardRecord: { path: '/app/vip-card/transaction-record' },
  vipCardStatistics: { path: '/app/vip-card/statistics' },
  vipCardDetail: { path: '/app/vip-card/detail', needsId: 'cardID' },
  memberList: { path: '/app/member/list' },
  memberDetail: { path: '/app/member/:id', needsId: 'path' },
  memberInvite: { path: '/app/member/invite' },
  memberInviteLink: { path: '/app/member/invite-link' },
  merchantInfo: { path: '/app/merchant/info' },
  merchantEdit: { path: '/app/merchant/edit' },
  merchantPayment: { path: '/app/merchant/payment' },
  walletWithdraw: { path: '/app/wallet/withdraw' },
  walletBankbook: { path: '/app/wallet/bankbook' },
  walletWithdrawRecord: { path: '/app/wallet/withdraw-record' },
  productInfo: { path: '/app/product/info/:id', needsId: 'path' },
};

/** The address for a target, or null (unknown target or missing id → not-found). */
export function resolveAppTarget(search: URLSearchParams): string | null {
  const rule = targets[search.get('target') ?? ''];
  if (!rule) return null;
  const id = search.get('id')?.trim() ?? '';
  if (rule.needsId && !id) return null;
  // Anything else the app passed along (e.g. a date) travels on to the screen.
  const rest = new URLSearchParams(search);
  rest.delete('target');
  rest.delete('id');
  if (rule.needsId === 'cardID') rest.set('cardID', id);
  const path = rule.needsId === 'path' ? rule.path.replace(':id', encodeURIComponent(id)) : rule.path;
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}
