import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '../../../components/DictTag';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { LOAD_DETAIL_PATH } from '../load/api';
import { type TOrderJourney, useOrderJourney } from './api';
import { JourneyTimeline } from './JourneyTimeline';

/**
 * The order details page's Container and Tracking tabs (screens orderDetails): the order's load record (load number
 * linking to loadDetails, container, seal, plate, vessel, ETD/ETA, status) and its container's milestones, both
 * from `inware/selectOrdersHasTrackByTransportIdPages/{transportId}` (customer service's 'where is my cargo').
 */
interface TOrderRef {
  id: number;
  transportId: string;
  containerNo?: string | null;
  sealNo?: string | null;
  truckNo?: string | null;
  leftTime?: string | null;
  preArriveTime?: string | null;
}

function useJourneyOf(order: TOrderRef): { journey: TOrderJourney | undefined; loading: boolean } {
  const query = useOrderJourney(order.transportId);
  const rows = query.data?.rows ?? [];
  return { journey: rows.find((r) => r.orderId === order.id) ?? rows[0], loading: query.isLoading };
}

const dash = (v: string | null | undefined) => (v ? v : '-');

export function OrderContainerTab({ order }: { order: TOrderRef }) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const { journey, loading } = useJourneyOf(order);
  if (loading) return <Skeleton active />;
  const load = journey?.load ?? null;
  const items = [
    {
      key: 'loadNo',
      label: t('load_no'),
      children: load ? (
        hasPermi('load:info') ? (
          <Link to={`${LOAD_DETAIL_PATH}?id=${load.id}`} data-testid="order-load-link">
            {load.loadNo}
          </Link>
        ) : (
          load.loadNo
        )
      ) : (
        '-'
      ),
    },
    {
      key: 'status',
      label: t('load_container_status'),
      children: load ? <DictTag type="load_status" value={load.status} /> : '-',
    },
    {
      key: 'containerNo',
      label: t('field_container_no'),
      children: <span data-testid="order-container-no">{dash(load?.containerNo ?? order.containerNo)}</span>,
    },
    { key: 'sealNo', label: t('field_seal_no'), children: dash(load?.sealNo ?? order.sealNo) },
    { key: 'truckNo', label: t('field_truck_no'), children: dash(load?.truckNo ?? order.truckNo) },
    {
      key: 'vessel',
      label: t('load_vessel_voyage'),
      children: load && (load.vesselName || load.voyageNo) ? `${dash(load.vesselName)} / ${dash(load.voyageNo)}` : '-',
    },
    { key: 'etd', label: t('load_etd_date'), children: formatDateTime(load?.etdDate as string) || '-' },
    { key: 'eta', label: t('load_eta_date'), children: formatDateTime(load?.etaDate as string) || '-' },
    {
      key: 'left',
      label: t('field_left_time'),
      children: formatDateTime((journey?.leftTime ?? order.leftTime) as string) || '-',
    },
    {
      key: 'pre',
      label: t('field_pre_arrive_time'),
      children: formatDateTime((journey?.preArriveTime ?? order.preArriveTime) as string) || '-',
    },
  ];
  return <Descriptions bordered size="small" column={2} items={items} data-testid="order-container-tab" />;
}

export function OrderTrackingTab({ order }: { order: TOrderRef }) {
  const { journey, loading } = useJourneyOf(order);
  return <JourneyTimeline milestones={journey?.milestones} loading={loading} />;
}
