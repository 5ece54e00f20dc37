import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../lib/dict';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { fetchMessages, sendMessage, type TMilestone, trackKeys } from './api';

/**
 * The messages of one milestone (screens track-details 'Messages'): `track/listMessage/{id}`, oldest first, each
 * marked visible to the customer or internal; Send (`track/saveMessage`, bus:track:message).
 */
export function MessagesDrawer({ milestone, onClose }: { milestone: TMilestone | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const label = useDictLabel('track_status');
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [visible, setVisible] = useState(false);
  const [sending, setSending] = useState(false);
  const trackId = milestone?.id ?? 0;
  const messages = useQuery({
    queryKey: trackKeys.custom('messages', trackId),
    queryFn: () => fetchMessages(trackId),
    enabled: trackId > 0,
  });
  const send = async () => {
    if (!content.trim() || !milestone) return;
    setSending(true);
    try {
      await sendMessage({ trackId: milestone.id, content: content.trim(), visibleToCustomer: visible ? '1' : '0' });
      setContent('');
      await queryClient.invalidateQueries({ queryKey: trackKeys.all });
    } catch {
      /* the request layer showed the message */
    } finally {
      setSending(false);
    }
  };
  return (
    <Drawer
      open={milestone !== null}
      onClose={onClose}
      width={480}
      destroyOnHidden
      title={milestone ? `${t('track_messages')} · ${label(milestone.trackStatus)}` : ''}
    >
      {messages.data && messages.data.length > 0 ? (
        <List
          data-testid="track-messages"
          dataSource={messages.data}
          renderItem={(m) => (
            <List.Item key={m.id}>
              <List.Item.Meta
                title={
                  <Space size={8} wrap>
                    <span>{m.createBy}</span>
                    <Typography.Text type="secondary">{formatDateTime(m.createTime as string)}</Typography.Text>
                    {m.visibleToCustomer === '1' ? (
                      <Tag color="green">{t('track_visible_to_customer')}</Tag>
                    ) : (
                      <Tag>{t('track_internal')}</Tag>
                    )}
                  </Space>
                }
                description={<span style={{ whiteSpace: 'pre-wrap' }}>{m.content}</span>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('track_no_messages')} />
      )}
      {hasPermi('bus:track:message') ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Input.TextArea
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={1000}
            rows={3}
            placeholder={t('track_message_placeholder')}
            data-testid="track-message-input"
          />
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Checkbox checked={visible} onChange={(e) => setVisible(e.target.checked)}>
              {t('track_visible_to_customer')}
            </Checkbox>
            <Button
              type="primary"
              loading={sending}
              disabled={!content.trim()}
              onClick={send}
              data-testid="track-message-send"
            >
              {t('track_send')}
            </Button>
          </Space>
        </Space>
      ) : null}
    </Drawer>
  );
}
