import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { usePermission } from '../../../lib/permission';
import { OrderExceptionTab } from '../exception/OrderExceptionTab';
import { OrderDeliveryTab } from '../send/OrderDeliveryTab';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';
import '../shared/bus.css';
import { OrderContainerTab, OrderTrackingTab } from '../track/OrderJourney';
import { useOrderLog } from './api';
import { OrderPageFallback, OrderSheetCard, useOrderOfPage, useOrderSheetButtons } from './OrderInfoPage';
import { CargoBlock, ExceptionBanner, FeeFields, OrderFields, StatusSteps } from './OrderSheet';

/**
 * orderDetails (screens §3, `?id=`): the complete record of one order: step bar S0-S8, each step with the time of
 * the log row that entered it (`stepTimes` of the details answer),
 * tabs Order, Cargo, Fees (fee role), Container (its load record, linking to loadDetails), Tracking (the container's
 * milestones; both from the order's journey, track/OrderJourney.tsx), Delivery and sign, Problem items (its history
 * from the log, exception/OrderExceptionTab.tsx), Log. The files tab comes
 * with its module.
 */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const query = useOrderOfPage();
  const order = query.data;
  const log = useOrderLog(order?.id);
  const buttons = useOrderSheetButtons(order, 'bus:order:edit', query.refetch);
  if (query.isLoading || !order) return <OrderPageFallback loading={query.isLoading} />;
  const tagsAndButtons = (
    <>
      <DictTag type="send_status" value={order.deliveryStatus} />
      <DictTag type="sign_status" value={order.signStatus} />
      {isFeeRole ? <DictTag type="write_status" value={order.arWriteStatus} /> : null}
      {buttons}
    </>
  );
  return (
    <OrderSheetCard testId="order-details-page" order={order} extra={tagsAndButtons}>
      <StatusSteps order={order} />
      <ExceptionBanner order={order} />
      <Tabs
        items={[
          { key: 'order', label: t('bus_tab_order'), children: <OrderFields order={order} /> },
          { key: 'cargo', label: t('field_cargo_lines'), children: <CargoBlock order={order} /> },
          ...(isFeeRole ? [{ key: 'fees', label: t('bus_section_fees'), children: <FeeFields order={order} /> }] : []),
          { key: 'container', label: t('bus_tab_container'), children: <OrderContainerTab order={order} /> },
          { key: 'tracking', label: t('bus_tab_tracking'), children: <OrderTrackingTab order={order} /> },
          {
            key: 'sign',
            label: t('bus_tab_sign'),
            children: <OrderDeliveryTab order={order} />,
          },
          {
            key: 'exception',
            label: t('bus_tab_problem_items'),
            children: <OrderExceptionTab order={order} rows={log.data} />,
          },
          {
            key: 'log',
            label: t('order_log'),
            children: <OrderLogTimeline rows={log.data} orderId={order.id} currency={order.currency} />,
          },
        ]}
      />
    </OrderSheetCard>
  );
}
