import type { Card } from '@sbo/contracts/schemas/cards';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusColor } from './card-labels';

type CardTagsProps = {
  card: Pick<Card, 'status' | 'virtual'>;
  /** The status tag's test id, where a journey reads it. */
  statusTestId?: string;
  /** More tags after the status and the kind. */
  children?: ReactNode;
};

/** A card's status (coloured) and whether it is virtual or physical, as tags. */
export function CardTags({ card, statusTestId, children }: CardTagsProps) {
  const { t } = useTranslation();
  return (
    <span className="card-tags">
      <Tag color={statusColor[card.status]} data-testid={statusTestId}>
        {t(`cards.status.${card.status}`)}
      </Tag>
      <Tag>{t(card.virtual ? 'cards.virtual' : 'cards.physical')}</Tag>
      {children}
    </span>
  );
}
