import { useQueryClient } from '@tanstack/react-query';
import { arriveAllows, type TArriveOperation } from '@theone/contracts/bus/arrive';
import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/ListPage';
import type { PermissionValue } from '../../../lib/permission';
import type { TableResponse } from '../../../lib/request';
import { loadSearch } from '../load/columns';
import { trackKeys } from '../track/api';
import { WarehouseFilterSelect } from './WarehouseFilterSelect';
import '../shared/bus.css';
import './arrive.css';
import { countOfColumn, detailsAction, detailsLinkColumn } from '../shared/list-parts';
import { cancelContainer, deleteRegistration, sureContainer } from './actions';
import { ARRIVE_DETAIL_PATH, type ArriveWire, arriveKeys } from './api';
import { PickupDialog } from './dialogs';

/**
 * arriveList (screens §3, key bus:arrive): departed containers and their pick-up records (P0 on the way, P1
 * picked up, P2 partly, P3 all in the overseas warehouse). Register pick-up (arrive/edit), Confirm arrival of a
 * whole container (A17), Cancel arrival (A18), Clear the registration (arrive/delete), Export, Details.
 */
type TArriveRow = ArriveWire['ArriveRow'];

export default function ArriveListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ArriveWire['ArriveRow'] | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: arriveKeys.all });
    await queryClient.invalidateQueries({ queryKey: trackKeys.all });
  };
  /** A row action on the pick-up record, offered in the record's states that allow it; then the list refreshes. */
  const recordAction = (
    operation: TArriveOperation,
    label: string,
    perm: PermissionValue,
    act: (record: TArriveRow, onDone: () => unknown) => unknown,
    danger = false,
  ): RowAction<TArriveRow> => ({
    key: operation,
    label,
    perm,
    danger,
    hidden: (r) => !arriveAllows(operation, r.status),
    onClick: (r, ctx) => act(r, async () => ctx.refetch().then(refresh)),
  });
  return (
    <>
      <ListPage<ArriveWire['ArriveRow']>
        id="bus/arriveList"
        queryKey={arriveKeys.lists()}
        url="/bus/arrive/list"
        rowKey="id"
        searchFields={[
          loadSearch.containerNo(),
          loadSearch.loadNo(),
          loadSearch.dict('status', 'arrive_status', 'arrive_status', true),
          loadSearch.text('truckNo', 'field_truck_no'),
          loadSearch.dict('busType', 'field_bus_type', 'bus_type'),
          loadSearch.geog('destAddrId', 2),
          loadSearch.text('unloadPort', 'load_unload_port'),
          { type: 'custom', name: 'houseId', label: 'arrive_house', render: () => <WarehouseFilterSelect /> },
          loadSearch.range('etaDate', 'load_eta_date', 'EtaDate'),
          loadSearch.range('pickupTime', 'arrive_pickup_time', 'PickupTime'),
        ]}
        columns={[
          detailsLinkColumn('loadNo', 'load_no', 140, ARRIVE_DETAIL_PATH, 'arrive-link', { fixed: 'left' }),
          { key: 'containerNo', title: 'field_container_no', width: 130 },
          { key: 'status', title: 'arrive_status', width: 110, type: 'dict', dictType: 'arrive_status' },
          countOfColumn('arrivedCount', 'arrive_orders_in', (r) => [
            r.arrivedCount,
            r.orderCount,
            `arrive-count-${r.loadNo}`,
          ]),
          { key: 'sealNo', title: 'field_seal_no', width: 110 },
          { key: 'truckNo', title: 'field_truck_no', width: 110, defaultHidden: true },
          { key: 'containerType', title: 'field_container_type', width: 110, type: 'dict', dictType: 'container_type' },
          { key: 'busType', title: 'field_bus_type', width: 90, type: 'dict', dictType: 'bus_type' },
          {
            key: 'route',
            title: 'bus_route',
            width: 150,
            render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
          },
          { key: 'unloadPort', title: 'load_unload_port', width: 120 },
          { key: 'leftTime', title: 'field_left_time', width: 160, type: 'datetime', sortable: true },
          { key: 'etaDate', title: 'load_eta_date', width: 160, type: 'datetime', sortable: true },
          { key: 'trackStatus', title: 'track_latest', width: 150, type: 'dict', dictType: 'track_status' },
          { key: 'pickupTime', title: 'arrive_pickup_time', width: 160, type: 'datetime', sortable: true },
          {
            key: 'vehicle',
            title: 'arrive_vehicle',
            width: 170,
            render: (_v, r) => [r.vehiclePlate, r.driverName].filter(Boolean).join(' · ') || '-',
          },
          { key: 'houseName', title: 'arrive_house', width: 140 },
          { key: 'unloadTime', title: 'arrive_unload_time', width: 160, type: 'datetime', defaultHidden: true },
          {
            key: 'sealIntact',
            title: 'arrive_seal_intact',
            width: 100,
            render: (_v, r) =>
              r.sealIntact === null ? (
                '-'
              ) : r.sealIntact === '1' ? (
                <Tag color="green">{t('bus_yes')}</Tag>
              ) : (
                <Tag color="red">{t('arrive_seal_broken')}</Tag>
              ),
          },
          { key: 'pieces', title: 'field_cargo_piece', width: 80, align: 'right' },
          { key: 'volume', title: 'field_cargo_volume', width: 100, align: 'right' },
          { key: 'remark', title: 'field_remark', width: 160, defaultHidden: true },
        ]}
        rowActions={[
          detailsAction(['arrive:info', 'bus:arrive'], ARRIVE_DETAIL_PATH),
          {
            key: 'edit',
            label: 'perm_bus_arrive_edit',
            perm: 'bus:arrive:edit',
            onClick: (r) => setEditing(r),
          },
          recordAction('sure', 'perm_bus_arrive_sure', 'bus:arrive:sure', sureContainer),
          recordAction('cancel', 'perm_bus_arrive_cancel', 'bus:arrive:cancel', cancelContainer, true),
          recordAction('delete', 'perm_bus_arrive_delete', 'bus:arrive:delete', deleteRegistration, true),
        ]}
        actionsWidth={320}
        exportConfig={{ url: '/bus/arrive/export', fileName: 'arrive', perm: 'bus:arrive:export' }}
        footer={(answer) => (
          <ArriveSums
            sums={(answer as TableResponse<ArriveWire['ArriveRow']> & { sums?: ArriveWire['ArriveSums'] })?.sums}
          />
        )}
      />
      <PickupDialog record={editing} onClose={() => setEditing(null)} onDone={refresh} />
    </>
  );
}

function ArriveSums({ sums }: { sums?: ArriveWire['ArriveSums'] }) {
  const { t } = useTranslation();
  if (!sums) return null;
  return (
    <Space size={24} data-testid="arrive-sums">
      <Typography.Text>
        {t('load_orders')}: {sums.arrived} / {sums.orders}
      </Typography.Text>
      <Typography.Text>
        {t('field_cargo_piece')}: {sums.pieces}
      </Typography.Text>
      <Typography.Text>
        {t('field_cargo_volume')}: {sums.volume} m³
      </Typography.Text>
    </Space>
  );
}
