/** How orders and amounts look wherever they are shown (payment centre, purchase, customer center). */
import { formatMoney, type OrderState } from '@apm/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<OrderState, string> = {
  created: 'gold',
  paid: 'blue',
  fulfilled: 'green',
  cancelled: 'default',
  refunded: 'purple',
};

/** An amount of integer minor units in the reader's locale, with its currency. */
export function useMoney(): (minor: number, currency: string) => string {
  const { i18n } = useTranslation();
  return (minor, currency) => formatMoney(minor, currency, i18n.language);
}

/** An order's state as a coloured tag. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation('payment');
  return (
    <Tag color={STATE_COLORS[state]} data-testid={`order-state-${state}`}>
      {t(`states.${state}`)}
    </Tag>
  );
}
