import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '../../../components/MoneyCell';
import type { TLoadSums } from './api';

/**
 * The totals row of the load record's lists (plans, containers, tracking, a container's orders): the server's sums
 * over the whole filtered set; the money only for the fee role (the server omits it for everyone else).
 */
export function LoadSumsFooter({ sums }: { sums: Partial<TLoadSums> | undefined }): ReactNode {
  const { t } = useTranslation();
  if (!sums) return null;
  return (
    <Space size={24} className="bus-totals" data-testid="list-sums" wrap>
      <Typography.Text strong>{t('bus_totals')}</Typography.Text>
      <span>
        {t('field_order_count')}: <b>{sums.orders}</b>
      </span>
      <span>
        {t('field_arrived_piece')}: <b>{sums.pieces}</b>
      </span>
      <span>
        {t('field_arrived_weight')}: <b>{sums.weight}</b>
      </span>
      <span>
        {t('field_arrived_volume')}: <b>{sums.volume}</b>
      </span>
      {sums.containerFee !== undefined ? (
        <span>
          {t('field_container_fee')}: <MoneyCell value={sums.containerFee} />
        </span>
      ) : null}
      {sums.orderArAmount !== undefined ? (
        <span>
          {t('field_order_ar_amount')}: <MoneyCell value={sums.orderArAmount} />
        </span>
      ) : null}
    </Space>
  );
}
