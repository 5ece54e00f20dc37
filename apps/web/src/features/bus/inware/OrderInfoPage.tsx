import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTabTitle } from '../../../components';
import { download, exportFileName } from '../../../lib/download';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { PrintButtons } from '../print';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { ORDER_EDIT_PATH, useOrder } from './api';
import { CargoBlock, ExceptionBanner, FeeFields, OrderFields, OrderHeader } from './OrderSheet';

/**
 * orderInfo (screens §3, `?id=`): the working sheet of an order opened from unOrder, inOrder, noMarkOrder and
 * arrivedAddOrder: fields, declared vs received, lines by receipt, fees (fee role), the log, and the print buttons
 * (bus/print `PrintButtons`, the print engineer's slot).
 */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useOrder(id);
  const order = query.data;
  useTabTitle(order?.transportId);
  if (query.isLoading) return <Skeleton active />;
  if (!order) return <Alert type="error" title={t('err_not_found')} />;
  return (
    <Card className="bus-page" data-testid="order-info-page">
      <OrderHeader
        order={order}
        extra={
          <Space wrap>
            {canDo(order, 'edit') && hasPermi(['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit']) ? (
              <Button onClick={() => navigateTo(`${ORDER_EDIT_PATH}?id=${order.id}`)}>{t('edit')}</Button>
            ) : null}
            <PrintButtons
              ids={[order.id]}
              kinds={['label', 'pieces', 'receipt', 'fee']}
              printTimes={order.printTimes}
              onPrinted={() => void query.refetch()}
            />
            {isFeeRole && hasPermi('bus:order:exportFee') ? (
              <Button
                onClick={() =>
                  download(
                    `/bus/inware/export/fee/${order.id}`,
                    {},
                    exportFileName(`${t('bus_fee_sheet')}_${order.transportId}`),
                  )
                }
              >
                {t('bus_btn_export_fee')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <ExceptionBanner order={order} />
      <OrderFields order={order} />
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('field_cargo_lines')}
      </div>
      <CargoBlock order={order} />
      {isFeeRole ? (
        <>
          <div className="bus-section-title" style={{ marginTop: 16 }}>
            {t('bus_section_fees')}
          </div>
          <FeeFields order={order} />
        </>
      ) : null}
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('order_log')}
      </div>
      <OrderLogTimeline orderId={order.id} />
    </Card>
  );
}
