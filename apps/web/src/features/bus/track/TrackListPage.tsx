import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LOAD_REJECT_KEYS, loadAllows, NO_NEWS_HOURS, type TLoadOperation } from '@theone/contracts/bus/load';
import { TRACK_TABS, type TTrackTab } from '@theone/contracts/bus/load.schemas';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useUrlTab } from '../../../components/ListPage';
import { useDictLabel } from '../../../lib/dict';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { translate } from '../../../lib/i18n';
import { usePermission } from '../../../lib/permission';
import { loadKeys } from '../load/api';
import { loadColumns, loadRowAction, loadSearch } from '../load/columns';
import { LoadSumsFooter } from '../loadplan';
import '../shared/bus.css';
import '../load/load.css';
import { ListTabs } from '../shared/ListTabs';
import { detailsAction, tickedButton, yesNoField } from '../shared/list-parts';
import { cancelDepartureAction } from './actions';
import { TRACK_DETAIL_PATH, type TTrackRow, trackKeys } from './api';
import { DepartDialog, EtaDialog, MilestoneDialog } from './dialogs';

/**
 * track-list (screens §3, key bus:track): containers from 'loaded' on, in tabs Waiting departure (L2), In transit
 * (L3), Arrived (L4/L5) and All; rows without a milestone for 72 h are red ('no news'). Confirm departure (A15,
 * row or batch), Cancel departure (A16), Add milestone (row or batch, picker filtered by transport mode),
 * Change ETA (pencil in the row or batch), Details (track-details).
 */
const c = loadColumns<TTrackRow>();

type Dialog = { kind: 'depart' | 'milestone' | 'eta'; loads: TTrackRow[] } | null;

/** Rows that do not allow an operation: warn naming them (M3 pattern) and say false. */
function allowAll(rows: readonly TTrackRow[], operation: TLoadOperation): boolean {
  if (rows.length === 0) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  const wrong = rows.filter((r) => !loadAllows(operation, r.status));
  if (wrong.length === 0) return true;
  feedback.message.warning(translate(LOAD_REJECT_KEYS[operation], { list: wrong.map((r) => r.loadNo).join(', ') }));
  return false;
}

export default function TrackListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasPermi } = usePermission();
  const [tab, setTab] = useUrlTab<TTrackTab>(TRACK_TABS, 'transit');
  const baseParams = useMemo(() => ({ tab }), [tab]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trackKeys.all });
    await queryClient.invalidateQueries({ queryKey: loadKeys.all });
  };
  const open = (kind: 'depart' | 'milestone' | 'eta', rows: TTrackRow[]) => {
    const operation = kind === 'depart' ? 'depart' : kind === 'milestone' ? 'milestone' : 'changeEta';
    if (allowAll(rows, operation)) setDialog({ kind, loads: rows });
  };
  const canEta = hasPermi('bus:track:eta');

  return (
    <>
      <ListTabs tabs={TRACK_TABS} labelPrefix="track_tab_" value={tab} onChange={setTab} testId="track-tabs" />
      <ListPage<TTrackRow>
        id="bus/track-list"
        queryKey={trackKeys.lists()}
        url="/bus/track/list"
        baseParams={baseParams}
        rowKey="id"
        searchFields={[
          loadSearch.loadNo(),
          loadSearch.containerNo(),
          loadSearch.text('transportId', 'load_search_transport_id'),
          ...loadSearch.transport(),
          loadSearch.dict('trackStatus', 'track_latest', 'track_status'),
          loadSearch.range('leftTime', 'field_left_time', 'LeftTime'),
          ...loadSearch.voyage(),
          yesNoField('noNews', 'track_no_news'),
        ]}
        columns={[
          c.loadNo(TRACK_DETAIL_PATH),
          c.text('containerNo', 'field_container_no', 130),
          c.text('truckNo', 'field_truck_no', 110),
          c.dict('status', 'field_status', 'load_status'),
          {
            key: 'trackStatus',
            title: 'track_latest',
            width: 170,
            render: (_v, r) => (
              <Space size={4}>
                {r.noNews ? (
                  <Tooltip title={t('track_no_news_hint', { hours: NO_NEWS_HOURS })}>
                    <Tag color="red" data-testid={`no-news-${r.loadNo}`}>
                      {t('track_no_news')}
                    </Tag>
                  </Tooltip>
                ) : null}
                {r.trackStatus ? <TrackStatusText value={r.trackStatus} /> : '-'}
              </Space>
            ),
          },
          c.time('trackTime', 'track_time'),
          {
            key: 'etaDate',
            title: 'load_eta_date',
            width: 180,
            sortable: true,
            render: (_v, r) => (
              <Space size={4}>
                <span>{formatDateTime(r.etaDate as string) || '-'}</span>
                {canEta && loadAllows('changeEta', r.status) ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('perm_bus_track_eta')}
                    data-testid={`eta-edit-${r.loadNo}`}
                    onClick={() => setDialog({ kind: 'eta', loads: [r] })}
                  />
                ) : null}
              </Space>
            ),
          },
          c.num('daysInTransit', 'track_days_in_transit', 90),
          c.route(),
          c.dict('busType', 'field_bus_type', 'bus_type'),
          c.time('leftTime', 'field_left_time', true),
          c.text('trackRemark', 'field_remark', 160),
          c.num('orderCount', 'load_orders', 80),
          c.num('pieces', 'field_cargo_piece', 80),
          c.num('volume', 'field_cargo_volume', 100),
          c.num('messageCount', 'track_messages', 80),
          c.text('trackBy', 'track_updated_by', 100),
        ]}
        toolbar={[
          tickedButton<TTrackRow>(
            'depart',
            'perm_bus_track_depart',
            'bus:track:depart',
            (rows) => open('depart', rows),
            {
              type: 'primary',
            },
          ),
          tickedButton('milestone', 'perm_bus_track_add', 'bus:track:add', (rows) => open('milestone', rows)),
          tickedButton('eta', 'perm_bus_track_eta', 'bus:track:eta', (rows) => open('eta', rows)),
        ]}
        rowActions={[
          detailsAction('track:info', TRACK_DETAIL_PATH),
          loadRowAction('depart', 'perm_bus_track_depart', 'bus:track:depart', 'depart', (r) => open('depart', [r])),
          loadRowAction(
            'cancelDepart',
            'perm_bus_track_cancel_depart',
            'bus:track:cancelDepart',
            'cancelDeparture',
            (r, ctx) => cancelDepartureAction(r, () => ctx.refetch()),
            true,
          ),
          loadRowAction('milestone', 'perm_bus_track_add', 'bus:track:add', 'milestone', (r) => open('milestone', [r])),
        ]}
        actionsWidth={300}
        tableProps={{ rowClassName: (r) => (r.noNews ? 'track-row-no-news' : '') }}
        footer={(answer) => (
          <LoadSumsFooter sums={(answer as { sums?: Parameters<typeof LoadSumsFooter>[0]['sums'] })?.sums} />
        )}
      />
      <DepartDialog
        loads={dialog?.kind === 'depart' ? dialog.loads : null}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <MilestoneDialog
        loads={dialog?.kind === 'milestone' ? dialog.loads : null}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <EtaDialog
        loads={dialog?.kind === 'eta' ? dialog.loads : null}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
    </>
  );
}

function TrackStatusText({ value }: { value: string }) {
  const label = useDictLabel('track_status');
  return <span>{label(value)}</span>;
}
