import { Alert, Button, Card, Descriptions, Skeleton, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTabTitle } from '../../../components';
import { DictTag } from '../../../components/DictTag';
import { download, exportFileName } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { PrintButtons } from '../print';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { ORDER_EDIT_PATH, useOrder, useOrderLog } from './api';
import { CargoBlock, ExceptionBanner, FeeFields, OrderFields, OrderHeader, StatusSteps } from './OrderSheet';

/**
 * orderDetails (screens §3, `?id=`): the complete record of one order: step bar S0-S8, each step with the time of
 * the log row that entered it (`stepTimes` of the details answer),
 * tabs Order, Cargo, Fees (fee role), Container, Delivery and sign, Log. Tracking and files tabs come with their
 * modules.
 */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useOrder(id);
  const order = query.data;
  const log = useOrderLog(order?.id);
  useTabTitle(order?.transportId);
  if (query.isLoading) return <Skeleton active />;
  if (!order) return <Alert type="error" title={t('err_not_found')} />;
  return (
    <Card className="bus-page" data-testid="order-details-page">
      <OrderHeader
        order={order}
        extra={
          <Space wrap>
            <DictTag type="send_status" value={order.deliveryStatus} />
            <DictTag type="sign_status" value={order.signStatus} />
            {isFeeRole ? <DictTag type="write_status" value={order.arWriteStatus} /> : null}
            {canDo(order, 'edit') && hasPermi('bus:order:edit') ? (
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
      <StatusSteps order={order} />
      <ExceptionBanner order={order} />
      <Tabs
        items={[
          { key: 'order', label: t('bus_tab_order'), children: <OrderFields order={order} /> },
          { key: 'cargo', label: t('field_cargo_lines'), children: <CargoBlock order={order} /> },
          ...(isFeeRole ? [{ key: 'fees', label: t('bus_section_fees'), children: <FeeFields order={order} /> }] : []),
          {
            key: 'container',
            label: t('bus_tab_container'),
            children: (
              <Descriptions
                bordered
                size="small"
                column={2}
                items={[
                  { key: 'c', label: t('field_container_no'), children: order.containerNo || '-' },
                  { key: 's', label: t('field_seal_no'), children: order.sealNo || '-' },
                  { key: 'tr', label: t('field_truck_no'), children: order.truckNo || '-' },
                  { key: 'l', label: t('field_left_time'), children: formatDateTime(order.leftTime) || '-' },
                  { key: 'p', label: t('field_pre_arrive_time'), children: formatDateTime(order.preArriveTime) || '-' },
                ]}
              />
            ),
          },
          {
            key: 'sign',
            label: t('bus_tab_sign'),
            children: (
              <Descriptions
                bordered
                size="small"
                column={2}
                items={[
                  { key: 'st', label: t('field_sign_time'), children: formatDateTime(order.signTime) || '-' },
                  { key: 'sp', label: t('field_sign_person'), children: order.signPerson || '-' },
                  { key: 'sn', label: t('field_sign_piece'), children: order.signPiece ?? '-' },
                  {
                    key: 'ss',
                    label: t('field_sign_status'),
                    children: <DictTag type="sign_status" value={order.signStatus} />,
                  },
                ]}
              />
            ),
          },
          {
            key: 'log',
            label: t('order_log'),
            children: <OrderLogTimeline rows={log.data} orderId={order.id} currency={order.currency} />,
          },
        ]}
      />
    </Card>
  );
}
