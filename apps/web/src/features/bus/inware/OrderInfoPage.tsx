import { Alert, Button, Card, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTabTitle } from '../../../components';
import { download, exportFileName } from '../../../lib/download';
import { navigateTo } from '../../../lib/navigation';
import { type PermissionValue, usePermission } from '../../../lib/permission';
import { PrintButtons } from '../print';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { ORDER_EDIT_PATH, useOrder } from './api';
import { CargoBlock, ExceptionBanner, FeeFields, OrderFields, OrderHeader } from './OrderSheet';

type TSheetOrder = NonNullable<ReturnType<typeof useOrder>['data']>;

/**
 * The buttons of an order's sheet (orderInfo, orderDetails): edit while the status allows it, the prints, the fee
 * sheet export (fee role). A fragment, so that the header's Space spaces each button (none before the order is read).
 */
export function useOrderSheetButtons(
  order: TSheetOrder | undefined,
  editPerm: PermissionValue,
  onPrinted: () => unknown,
): ReactNode {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  if (!order) return null;
  return (
    <>
      {canDo(order, 'edit') && hasPermi(editPerm) ? (
        <Button onClick={() => navigateTo(`${ORDER_EDIT_PATH}?id=${order.id}`)}>{t('edit')}</Button>
      ) : null}
      <PrintButtons
        ids={[order.id]}
        kinds={['label', 'pieces', 'receipt', 'fee']}
        printTimes={order.printTimes}
        onPrinted={() => void onPrinted()}
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
    </>
  );
}

/** The order of the page's `?id=`, the tab named after its waybill number. */
export function useOrderOfPage() {
  const [params] = useSearchParams();
  const query = useOrder(params.get('id'));
  useTabTitle(query.data?.transportId);
  return query;
}

/** While loading a skeleton, an unknown id 'not found'. */
export function OrderPageFallback({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return loading ? <Skeleton active /> : <Alert type="error" title={t('err_not_found')} />;
}

/** The card of an order's page: the header with its tags and buttons (`extra`), then the page's content. */
export function OrderSheetCard(props: { testId: string; order: TSheetOrder; extra: ReactNode; children: ReactNode }) {
  return (
    <Card className="bus-page" data-testid={props.testId}>
      <OrderHeader order={props.order} extra={<Space wrap>{props.extra}</Space>} />
      {props.children}
    </Card>
  );
}

const SectionTitle = ({ children }: { children: ReactNode }) => (
  <div className="bus-section-title" style={{ marginTop: 16 }}>
    {children}
  </div>
);

/**
 * orderInfo (screens §3, `?id=`): the working sheet of an order opened from unOrder, inOrder, noMarkOrder and
 * arrivedAddOrder: fields, declared vs received, lines by receipt, fees (fee role), the log, and the print buttons
 * (bus/print `PrintButtons`, the print engineer's slot).
 */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const query = useOrderOfPage();
  const order = query.data;
  const buttons = useOrderSheetButtons(
    order,
    ['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit'],
    query.refetch,
  );
  if (query.isLoading || !order) return <OrderPageFallback loading={query.isLoading} />;
  return (
    <OrderSheetCard testId="order-info-page" order={order} extra={buttons}>
      <ExceptionBanner order={order} />
      <OrderFields order={order} />
      <SectionTitle>{t('field_cargo_lines')}</SectionTitle>
      <CargoBlock order={order} />
      {isFeeRole ? (
        <>
          <SectionTitle>{t('bus_section_fees')}</SectionTitle>
          <FeeFields order={order} />
        </>
      ) : null}
      <SectionTitle>{t('order_log')}</SectionTitle>
      <OrderLogTimeline orderId={order.id} />
    </OrderSheetCard>
  );
}
