import type { CardProgram } from '@sbo/contracts/schemas/cards';

type CardPaths = {
  records: string;
  statistics: string;
  list: string;
  detail: (cardId: number) => string;
  settings: string;
};

/**
 * The card screens' addresses: the OK card in its own area, member cards in the manager centre or, inside the
 * mobile app, under `/app`.
 */
export function cardPaths(program: CardProgram, pathname: string): CardPaths {
  if (program === 'ok')
    return {
      records: '/ok-card/trade-record',
      statistics: '/ok-card/statistics',
      list: '/ok-card/list',
      detail: (cardId) => `/ok-card/detail?cardID=${cardId}`,
      settings: '/ok-card/deposit-setting',
    };
  const base = pathname.startsWith('/app/') ? '/app/vip-card' : '/vip-card';
  return {
    records: `${base}/transaction-record`,
    statistics: `${base}/statistics`,
    list: `${base}/list`,
    detail: (cardId) => `${base}/detail?cardID=${cardId}`,
    settings: `${base}/settings`,
  };
}

/**
 * The card id of a detail address (`?cardID=`, as the `/app` target passes it; `?id=` as other links
 * write it); null when absent or malformed.
 */
export function readCardId(params: URLSearchParams): number | null {
  const text = params.get('cardID') ?? params.get('cardId') ?? params.get('id') ?? '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
