import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../lib/dict';
import { formatDateTime } from '../../../lib/format';
import type { TMilestone } from './api';
import '../load/load.css';

/**
 * A container's milestones, newest first (screens track-details): automatic ones (received, loaded, departed,
 * arrived, delivered, signed) grey with a lock, changed only by their own actions; manual ones with their time,
 * remark, who wrote them and the count of messages. `actions(m)` renders a milestone's buttons (track-details);
 * without it the timeline is read-only (loadDetails, orderDetails).
 */
export function JourneyTimeline({
  milestones,
  actions,
  loading,
}: {
  milestones: readonly TMilestone[] | undefined;
  actions?: (m: TMilestone) => ReactNode;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const label = useDictLabel('track_status');
  if (!loading && (!milestones || milestones.length === 0))
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('track_no_milestones')} />;
  const sorted = [...(milestones ?? [])].sort(
    (a, b) => new Date(b.trackTime as string).getTime() - new Date(a.trackTime as string).getTime() || b.id - a.id,
  );
  return (
    <Timeline
      data-testid="journey-timeline"
      pending={loading ? t('loading') : undefined}
      items={sorted.map((m) => {
        const auto = m.auto === '1';
        return {
          key: m.id,
          color: auto ? 'gray' : 'blue',
          dot: auto ? <LockOutlined /> : undefined,
          children: (
            <div
              className={auto ? 'track-timeline-item track-timeline-auto' : 'track-timeline-item'}
              data-testid={`milestone-${m.trackStatus}`}
              data-auto={m.auto}
            >
              <Space wrap size={8}>
                <Typography.Text strong type={auto ? 'secondary' : undefined}>
                  {label(m.trackStatus)}
                </Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(m.trackTime as string)}</Typography.Text>
                {auto ? <Tag>{t('track_auto')}</Tag> : null}
                {m.messageCount > 0 ? (
                  <Tag icon={<MessageOutlined />} color="blue">
                    {m.messageCount}
                  </Tag>
                ) : null}
                {actions?.(m)}
              </Space>
              {m.trackRemark ? <div>{m.trackRemark}</div> : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m.updateBy || m.createBy}
              </Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
}
