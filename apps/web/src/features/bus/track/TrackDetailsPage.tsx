import { useQueryClient } from '@tanstack/react-query';
import { DEPARTED_MILESTONE, loadAllows } from '@theone/contracts/bus/load';
import { Alert, Button, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, DictTag, runStateAction, useTabTitle } from '../../../components';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { LOAD_DETAIL_PATH, loadKeys } from '../load/api';
import { LoadOrders } from '../load/LoadOrders';
import { ContainerCard } from '../shared/ContainerCard';
import { BUS_TYPE_ITEM, CONTAINER_NO_ITEMS, containerName, ROUTE_ITEM, timeOrDash } from '../shared/container-fields';
import '../shared/bus.css';
import '../load/load.css';
import { useUrlId } from '../shared/use-record';
import { cancelDepartureAction } from './actions';
import { deleteMilestone, type TMilestone, type TTrackRow, trackKeys, useMilestones, useTrack } from './api';
import { DepartDialog, EtaDialog, MilestoneDialog, MilestoneEditDialog } from './dialogs';
import { JourneyTimeline } from './JourneyTimeline';
import { MessagesDrawer } from './MessagesDrawer';

/**
 * track-details (screens §3, `?id=` the load, key track:info): the container's header (route, vessel or truck, ETD,
 * ETA, departure), its timeline newest first (automatic milestones locked; the 'departed' one offers only Cancel
 * departure), per manual milestone Edit, Delete and the Messages drawer, Add milestone and Change ETA, and the
 * container's orders with totals.
 */
const HEADER = [
  { name: 'loadNo', label: 'load_no' },
  { name: 'status', label: 'field_status', type: 'dict' as const, dictType: 'load_status' },
  ...CONTAINER_NO_ITEMS,
  BUS_TYPE_ITEM,
  ROUTE_ITEM,
  { name: 'containerType', label: 'field_container_type', type: 'dict' as const, dictType: 'container_type' },
  {
    name: 'vessel',
    label: 'load_vessel_voyage',
    render: (_v: unknown, r: TTrackRow) =>
      r.vesselName || r.voyageNo ? `${r.vesselName || '-'} / ${r.voyageNo || '-'}` : '-',
  },
  { name: 'loadPort', label: 'load_port' },
  { name: 'unloadPort', label: 'load_unload_port' },
  { name: 'etdDate', label: 'load_etd_date', render: timeOrDash },
  { name: 'leftTime', label: 'field_left_time', render: timeOrDash },
  { name: 'etaDate', label: 'load_eta_date', render: timeOrDash },
  { name: 'daysInTransit', label: 'track_days_in_transit' },
];

export default function TrackDetailsPage() {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const queryClient = useQueryClient();
  const id = useUrlId();
  const query = useTrack(id);
  const milestones = useMilestones(id);
  const [dialog, setDialog] = useState<'depart' | 'milestone' | 'eta' | null>(null);
  const [editing, setEditing] = useState<TMilestone | null>(null);
  const [messagesOf, setMessagesOf] = useState<TMilestone | null>(null);
  const load = query.data;
  const one = useMemo(() => (load ? [load] : []), [load]);
  useTabTitle(load ? containerName(load) : undefined);
  if (query.isLoading) return <Skeleton active />;
  if (!load) return <Alert type="error" title={t('err_not_found')} />;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trackKeys.all });
    await queryClient.invalidateQueries({ queryKey: loadKeys.all });
  };
  const manualAllowed = loadAllows('milestone', load.status);

  const milestoneActions = (m: TMilestone) => {
    if (m.auto === '1') {
      if (m.trackStatus !== DEPARTED_MILESTONE || !hasPermi('bus:track:cancelDepart')) return null;
      if (!loadAllows('cancelDeparture', load.status)) return null;
      return (
        <Button
          size="small"
          type="link"
          danger
          data-testid="cancel-departure"
          onClick={() => cancelDepartureAction(load, refresh, milestones.data)}
        >
          {t('perm_bus_track_cancel_depart')}
        </Button>
      );
    }
    return (
      <Space size={0}>
        {hasPermi('bus:track:edit') && manualAllowed ? (
          <Button size="small" type="link" onClick={() => setEditing(m)} data-testid={`milestone-edit-${m.id}`}>
            {t('edit')}
          </Button>
        ) : null}
        {hasPermi('bus:track:delete') && manualAllowed ? (
          <Button
            size="small"
            type="link"
            danger
            data-testid={`milestone-delete-${m.id}`}
            onClick={() =>
              runStateAction<TMilestone>({
                rows: [m],
                confirm: 'confirm_delete',
                danger: true,
                run: (_rows, config) => deleteMilestone(m.id, config),
                onDone: refresh,
              })
            }
          >
            {t('delete')}
          </Button>
        ) : null}
        <Button size="small" type="link" onClick={() => setMessagesOf(m)} data-testid={`milestone-messages-${m.id}`}>
          {t('track_messages')}
        </Button>
      </Space>
    );
  };

  const buttons = (
    <Space wrap>
      <DictTag type="load_status" value={load.status} />
      {hasPermi('bus:track:depart') && loadAllows('depart', load.status) ? (
        <Button type="primary" onClick={() => setDialog('depart')} data-testid="track-depart">
          {t('perm_bus_track_depart')}
        </Button>
      ) : null}
      {hasPermi('bus:track:add') && manualAllowed ? (
        <Button type="primary" onClick={() => setDialog('milestone')} data-testid="track-add-milestone">
          {t('perm_bus_track_add')}
        </Button>
      ) : null}
      {hasPermi('bus:track:eta') && loadAllows('changeEta', load.status) ? (
        <Button onClick={() => setDialog('eta')} data-testid="track-change-eta">
          {t('perm_bus_track_eta')}
        </Button>
      ) : null}
      {hasPermi('load:info') ? (
        <Button onClick={() => navigateTo(`${LOAD_DETAIL_PATH}?id=${load.id}`)}>{t('menu_load_details')}</Button>
      ) : null}
    </Space>
  );

  return (
    <ContainerCard title={t('menu_track_details')} record={load} testId="track-details-page" extra={buttons}>
      <DetailView<TTrackRow> data={load} column={{ xs: 1, md: 2, xl: 3 }} items={HEADER} />
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('track_timeline')}
      </div>
      <JourneyTimeline milestones={milestones.data} loading={milestones.isLoading} actions={milestoneActions} />
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('load_tab_orders')}
      </div>
      <LoadOrders load={load} />
      <DepartDialog loads={dialog === 'depart' ? one : null} onClose={() => setDialog(null)} onDone={refresh} />
      <MilestoneDialog loads={dialog === 'milestone' ? one : null} onClose={() => setDialog(null)} onDone={refresh} />
      <EtaDialog loads={dialog === 'eta' ? one : null} onClose={() => setDialog(null)} onDone={refresh} />
      <MilestoneEditDialog
        milestone={editing}
        busType={load.busType}
        onClose={() => setEditing(null)}
        onDone={refresh}
      />
      <MessagesDrawer milestone={messagesOf} onClose={() => setMessagesOf(null)} />
    </ContainerCard>
  );
}
