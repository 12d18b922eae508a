import type { ApiResult } from '../../../lib/api-client';
import type { apiRoutes } from '@sbo/contracts/api/routes';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';

type OkCardFiguresProps = {
  issued: ApiResult<typeof apiRoutes.okcardIssued>;
  revenue: ApiResult<typeof apiRoutes.okcardRevenue>;
};

type Figure = { key: string; value: string; notes: string[] };

/** Four figures: the cards, their revenue (spend at machines), the deposits, and the balance still owed. */
export function OkCardFigures({ issued, revenue }: OkCardFiguresProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, revenue.currency);
  const figures: Figure[] = [
    {
      key: 'cards',
      value: formatNumber(issued.cards),
      notes: [
        t('okCardHome.figures.active', { active: formatNumber(issued.activeCards) }),
        t('okCardHome.figures.issued', { issued: formatNumber(issued.issued) }),
      ],
    },
    { key: 'revenue', value: money(revenue.spend), notes: [t('okCardHome.figures.revenueNote')] },
    {
      key: 'deposits',
      value: money(revenue.deposits),
      notes: [t('okCardHome.figures.rewards', { amount: money(revenue.rewards) })],
    },
    {
      key: 'outstanding',
      value: formatMoney(issued.outstanding, issued.currency),
      notes: [t('okCardHome.figures.outstandingNote')],
    },
  ];
  return (
    <div className="ok-card-figures">
      {figures.map((figure) => (
        <Card key={figure.key} size="small" className="ok-card-figure" data-testid={`ok-card-figure-${figure.key}`}>
          <h2 className="ok-card-figure-title">{t(`okCardHome.figures.${figure.key}`)}</h2>
          <p className="ok-card-figure-value">{figure.value}</p>
          {figure.notes.map((note) => (
            <p key={note} className="ok-card-figure-note">
              {note}
            </p>
          ))}
        </Card>
      ))}
    </div>
  );
}
