import {
  AccountBookOutlined,
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
import { usePermission } from '../../lib/permission';
import ShellHome from '../../pages/home/HomePage';
import { type TArrivingContainer, useHome } from './api';
import { type CardKey, orderListOfDay, visibleCards } from './home-cards';
import './home.css';

const HomeChart = lazy(() => import('./HomeChart'));

/**
 * /home (issue 6 item 8; screens bus-container.md §2): the morning overview. One call (`GET /bus/index`, data
 * scope applied on the server), refreshed every 5 minutes and by the Refresh button:
 * - count cards, each a link to its list pre-filtered (home-cards.ts); a card is absent when the user cannot
 *   open its list;
 * - the 30-day chart of orders, weight and volume (ECharts, loaded lazily); a bar opens that day's orders;
 * - today's arriving containers (empty until the container module exists);
 * - quick actions by permission; below, the shell's welcome card and links to every screen of the user.
 */
const ICONS: Record<CardKey, ReactNode> = {
  todayOrders: <FileAddOutlined />,
  yesterdayOrders: <HistoryOutlined />,
  waitingInput: <EditOutlined />,
  waitingLoad: <InboxOutlined />,
  noMark: <QuestionCircleOutlined />,
  waitingSettlement: <AccountBookOutlined />,
  waitingSign: <SignatureOutlined />,
  problemItems: <ExclamationCircleOutlined />,
};

const QUICK_ACTIONS = [
  { perm: 'bus:orderAdd', title: 'menu_order_add', to: '/bus/orderAdd', icon: <PlusOutlined /> },
  { perm: 'bus:inOrder', title: 'menu_in_order', to: '/bus/inOrder', icon: <InboxOutlined /> },
  { perm: 'loadplan:add', title: 'menu_loadplan_add', to: '/bus/loadplanAdd', icon: <ScheduleOutlined /> },
  { perm: 'bus:order', title: 'menu_order_list', to: '/bus/orderList', icon: <FileSearchOutlined /> },
];

function primaryColor(): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--theone-primary').trim();
  return value || '#de7a62';
}

function ArrivingContainers({ rows }: { rows: TArrivingContainer[] }) {
  const { t } = useTranslation();
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
            { key: 'loadNo', dataIndex: 'loadNo', title: t('home_col_load_no'), width: 140 },
            { key: 'containerNo', dataIndex: 'containerNo', title: t('home_col_container_no'), width: 130 },
            { key: 'busType', dataIndex: 'busType', title: t('home_col_bus_type'), width: 140 },
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
              render: (_, r) => [r.trackStatus, r.trackTime].filter(Boolean).join(' '),
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
  const { hasPermi } = usePermission();
  const home = useHome();
  const data = home.data;
  const cards = useMemo(() => (data ? visibleCards(data.counts) : []), [data]);
  const actions = QUICK_ACTIONS.filter((a) => hasPermi(a.perm));
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
                <Link
                  key={card.key}
                  to={card.href(data.day)}
                  className="home-card"
                  style={{ '--home-card-color': card.color } as CSSProperties}
                  data-testid={`home-card-${card.key}`}
                >
                  <span className="home-card-icon">{ICONS[card.key]}</span>
                  <span className="home-card-body">
                    <span className="home-card-title">{t(card.title)}</span>
                    <span className="home-card-value" data-testid={`home-count-${card.key}`}>
                      {number(data.counts[card.key])}
                    </span>
                    {card.key === 'waitingLoad' && data.counts.waitingLoadVolume !== undefined ? (
                      <span className="home-card-sub">
                        {t('home_waiting_load_volume', {
                          volume: Number(data.counts.waitingLoadVolume).toLocaleString(i18n.language, {
                            minimumFractionDigits: 3,
                            maximumFractionDigits: 3,
                          }),
                        })}
                      </span>
                    ) : null}
                  </span>
                </Link>
              ))}
            </div>
          ) : null}
          {data.chart ? (
            <Card title={t('home_chart_title')} size="small">
              <Suspense fallback={<Skeleton.Node active className="home-chart" />}>
                <HomeChart
                  chart={data.chart}
                  color={primaryColor()}
                  onDayClick={hasPermi('bus:order') ? (day) => navigate(orderListOfDay(day)) : undefined}
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
