import {
  AccountBookOutlined,
  CarOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  FileAddOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  InboxOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  ReloadOutlined,
  ScheduleOutlined,
  SignatureOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { matchPage } from '../../app/routes/build-routes';
import { routesStore } from '../../app/routes/routes-store';
import { DictTag } from '../../components/DictTag';
import { useDictLabel } from '../../lib/dict';
import { formatMoney } from '../../lib/format';
import { usePermission } from '../../lib/permission';
import ShellHome from '../../pages/home/HomePage';
import { type TArrivingContainer, useHome } from './api';
import { type CardKey, cardHref, type HomeCard, orderListOfDay, visibleCards } from './home-cards';
import './home.css';

const HomeChart = lazy(() => import('./HomeChart'));

/**
 * /home (issue 6 item 8; screens bus-container.md §2): the morning overview. One call (`GET /bus/index`, data
 * scope applied on the server), refreshed every 5 minutes and by the Refresh button:
 * - count cards, each a link to its list with the card's own filters (home-cards.ts); a card is absent when the
 *   user lacks its list's key, and shows its count without a link when none of its screens is in the user's routes;
 * - the 30-day chart of orders, weight and volume (ECharts, loaded lazily); a bar opens that day's orders;
 * - today's arriving containers (empty until the container module exists);
 * - quick actions to the screens the user's routes hold (a screen that does not exist yet, or that the user
 *   may not open, has no button); below, the shell's welcome card and links to every screen of the user.
 */
const ICONS: Record<CardKey, ReactNode> = {
  todayOrders: <FileAddOutlined />,
  yesterdayOrders: <HistoryOutlined />,
  waitingInput: <EditOutlined />,
  waitingLoad: <InboxOutlined />,
  waitingDeparture: <CarOutlined />,
  noMark: <QuestionCircleOutlined />,
  waitingSettlement: <AccountBookOutlined />,
  waitingSign: <SignatureOutlined />,
  problemItems: <ExclamationCircleOutlined />,
  myDeliveries: <CarOutlined />,
};

/** Quick actions (screens §2); each shows when the user's routes hold its screen. */
const QUICK_ACTIONS = [
  { title: 'menu_order_add', to: '/bus/orderAdd', icon: <PlusOutlined /> },
  { title: 'menu_in_order', to: '/bus/inOrder', icon: <InboxOutlined /> },
  { title: 'menu_loadplan_add', to: '/bus/loadplanAdd', icon: <ScheduleOutlined /> },
  { title: 'menu_order_list', to: '/bus/orderList', icon: <FileSearchOutlined /> },
];

/** Whether the signed-in user's route table holds a screen at this path. */
function useHasScreen(): (path: string) => boolean {
  const pages = routesStore.use((s) => s.table.pages);
  return useMemo(() => (path: string) => matchPage(pages, path) !== undefined, [pages]);
}

function primaryColor(): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--theone-primary').trim();
  return value || '#de7a62';
}

/** A count card: a link to its list, or the count alone when the user has none of its screens. */
function CardTile({ card, href, value, sub }: { card: HomeCard; href?: string; value: string; sub: ReactNode }) {
  const { t } = useTranslation();
  const style = { '--home-card-color': card.color } as CSSProperties;
  const body = (
    <>
      <span className="home-card-icon">{ICONS[card.key]}</span>
      <span className="home-card-body">
        <span className="home-card-title">{t(card.title)}</span>
        <span className="home-card-value" data-testid={`home-count-${card.key}`}>
          {value}
        </span>
        {sub}
      </span>
    </>
  );
  return href ? (
    <Link to={href} className="home-tile home-card" style={style} data-testid={`home-card-${card.key}`}>
      {body}
    </Link>
  ) : (
    <div className="home-tile home-card home-card-static" style={style} data-testid={`home-card-${card.key}`}>
      {body}
    </div>
  );
}

export function ArrivingContainers({ rows }: { rows: TArrivingContainer[] }) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  // the milestone and the route type by their names, as the tracking list shows them (not their codes)
  const milestone = useDictLabel('track_status');
  const busType = useDictLabel('bus_type');
  // screens Home: a row opens the pick-up details for the Thai team, else the tracking details
  const linkOf = (r: TArrivingContainer) =>
    r.arriveId && hasPermi(['arrive:info', 'bus:arrive'])
      ? `/bus/arriveDetails?id=${r.arriveId}`
      : hasPermi(['track:info', 'bus:track'])
        ? `/bus/track-details?id=${r.loadId}`
        : null;
  return (
    <Card title={t('home_arriving_title')} size="small" className="home-arriving" data-testid="home-arriving">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home_arriving_empty')} />
      ) : (
        <Table<TArrivingContainer>
          size="small"
          rowKey="loadId"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 1400 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home_arriving_empty')} /> }}
          columns={[
            {
              key: 'loadNo',
              title: t('home_col_load_no'),
              width: 140,
              render: (_, r) => {
                const to = linkOf(r);
                return to ? (
                  <Link to={to} data-testid={`home-arriving-${r.loadNo}`}>
                    {r.loadNo}
                  </Link>
                ) : (
                  r.loadNo
                );
              },
            },
            { key: 'containerNo', dataIndex: 'containerNo', title: t('home_col_container_no'), width: 130 },
            { key: 'busType', title: t('home_col_bus_type'), width: 140, render: (_, r) => busType(r.busType) },
            {
              key: 'route',
              title: t('home_col_route'),
              width: 160,
              render: (_, r) => `${r.leftAddrName} → ${r.destAddrName}`,
            },
            {
              key: 'vessel',
              title: t('home_col_vessel'),
              width: 220,
              render: (_, r) => r.truckNo || [r.vesselName, r.voyageNo].filter(Boolean).join(' / '),
            },
            { key: 'etaDate', dataIndex: 'etaDate', title: t('home_col_eta'), width: 150 },
            {
              key: 'track',
              title: t('home_col_track'),
              width: 180,
              render: (_, r) => [r.trackStatus && milestone(r.trackStatus), r.trackTime].filter(Boolean).join(' '),
            },
            {
              key: 'arriveStatus',
              title: t('arrive_status'),
              width: 120,
              render: (_, r) =>
                r.arriveStatus === null ? '-' : <DictTag type="arrive_status" value={r.arriveStatus} />,
            },
            { key: 'orders', dataIndex: 'orders', title: t('home_col_orders'), width: 120, align: 'right' },
            { key: 'pieces', dataIndex: 'pieces', title: t('home_col_pieces'), width: 110, align: 'right' },
            { key: 'volume', dataIndex: 'volume', title: t('home_col_volume'), width: 120, align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const home = useHome();
  const data = home.data;
  const cards = useMemo(() => (data ? visibleCards(data.counts) : []), [data]);
  const actions = QUICK_ACTIONS.filter((a) => hasScreen(a.to));
  const number = (n: number | string | undefined) => Number(n ?? 0).toLocaleString(i18n.language);
  const updated = home.dataUpdatedAt ? new Date(home.dataUpdatedAt).toLocaleTimeString(i18n.language) : '';
  const hasDashboard = Boolean(data && (cards.length || data.chart || data.arrivingContainers));

  return (
    <div className="home-dashboard" data-testid="home-dashboard">
      {home.isError ? <Alert type="error" showIcon message={t('home_load_error')} /> : null}
      {home.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {hasDashboard && data ? (
        <>
          <div className="home-toolbar">
            <Space size={8} wrap>
              {actions.map((a) => (
                <Link key={a.to} to={a.to}>
                  <Button icon={a.icon}>{t(a.title)}</Button>
                </Link>
              ))}
            </Space>
            <Space size={8}>
              <Typography.Text type="secondary" data-testid="home-updated">
                {updated ? t('home_updated_at', { time: updated }) : null}
              </Typography.Text>
              <Button
                icon={<ReloadOutlined />}
                loading={home.isFetching}
                onClick={() => home.refetch()}
                data-testid="home-refresh"
              >
                {t('refresh')}
              </Button>
            </Space>
          </div>
          {cards.length ? (
            <div className="home-cards">
              {cards.map((card) => (
                <CardTile
                  key={card.key}
                  card={card}
                  href={cardHref(card, data.day, hasScreen)}
                  value={number(data.counts[card.key])}
                  sub={
                    card.key === 'waitingLoad' && data.counts.waitingLoadVolume !== undefined ? (
                      <span className="home-card-sub">
                        {t('home_waiting_load_volume', { volume: formatMoney(data.counts.waitingLoadVolume, 3) })}
                      </span>
                    ) : null
                  }
                />
              ))}
            </div>
          ) : null}
          {data.chart ? (
            <Card title={t('home_chart_title')} size="small">
              <Suspense fallback={<Skeleton.Node active className="home-chart" />}>
                <HomeChart
                  chart={data.chart}
                  color={primaryColor()}
                  onDayClick={hasScreen('/bus/orderList') ? (day) => navigate(orderListOfDay(day)) : undefined}
                />
              </Suspense>
            </Card>
          ) : null}
          {data.arrivingContainers ? <ArrivingContainers rows={data.arrivingContainers} /> : null}
        </>
      ) : null}
      <ShellHome />
    </div>
  );
}
