import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../lib/feedback';
import type { ToolbarButton } from '../ListPage';

/** 'Refresh cache' (system settings and dictionaries): calls `refresh`, then 'Cache refreshed'. */
export function useCacheRefresh<Row>(perm: string, refresh: () => Promise<unknown>): ToolbarButton<Row>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'refreshCache',
      label: 'system_refresh_cache',
      icon: <SyncOutlined />,
      perm,
      onClick: async () => {
        await refresh();
        feedback.message.success(t('system_cache_refreshed'));
      },
    },
  ];
}
