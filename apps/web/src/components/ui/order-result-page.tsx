import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from './page-loading';
import { RetryButton } from './retry-button';
import { StatusPanel } from './status-panel';

type Outcome = { title: string; description: string };

export type OrderResultTexts = {
  /** The address names no well-formed order. */
  noOrder: Outcome;
  loading: string;
  /** The order is not known (or the id refused). */
  unknownOrder: Outcome;
  /** The look-up failed: it can be tried again. */
  loadFailed: Outcome;
  tryAgain: string;
};

type OrderResultPageProps<Order> = {
  /** What a well-formed `orderId` in the address looks like; anything else is not looked up. */
  idPattern: RegExp;
  useOrder: (orderId: string) => UseQueryResult<Order>;
  /** Whether a failed look-up means there is no such order (nothing to try again). */
  isUnknownOrder: (error: unknown) => boolean;
  texts: OrderResultTexts;
  children: (order: Order) => ReactNode;
};

/** Where a payment gateway sends the consumer back to: the order named by `?orderId=`, once it is loaded. */
export function OrderResultPage<Order>({ idPattern, texts, ...rest }: OrderResultPageProps<Order>) {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  if (!idPattern.test(orderId))
    return <StatusPanel status="warning" title={texts.noOrder.title} description={texts.noOrder.description} />;
  return <OrderLookUp orderId={orderId} texts={texts} {...rest} />;
}

function OrderLookUp<Order>({
  orderId,
  useOrder,
  isUnknownOrder,
  texts,
  children,
}: Omit<OrderResultPageProps<Order>, 'idPattern'> & { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <PageLoading label={texts.loading} />;
  if (order.data) return children(order.data);
  const unknown = isUnknownOrder(order.error);
  const outcome = unknown ? texts.unknownOrder : texts.loadFailed;
  return (
    <StatusPanel
      status="error"
      title={outcome.title}
      description={outcome.description}
      actions={
        unknown ? null : (
          <RetryButton size="large" onRetry={order.refetch} retrying={order.isFetching} label={texts.tryAgain} />
        )
      }
    />
  );
}
