import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { useTabTitle } from '../../../app/layout/use-tab-title';
import { Auth } from '../../../components/Auth';
import { type DetailItem, DetailView } from '../../../components/DetailView';
import { getData } from '../../../lib/request';
import './bas.css';

/**
 * A details page of a simple basic-data entity (screens §0 'Details pages'): the record read-only, Edit and
 * Back in the header, optional content below (e.g. related records).
 */
export function BasDetailPage<T extends object>(props: {
  titleKey: string;
  url: string;
  queryKey: (id: string) => readonly unknown[];
  listPath: string;
  editPath: string;
  editPerm: string;
  items: DetailItem<T>[];
  tabTitle?: (row: T) => string;
  children?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const leave = useLeavePage();
  const { data, isLoading } = useQuery({
    queryKey: props.queryKey(id),
    queryFn: () => getData<T>(`${props.url}/${id}`),
  });
  useTabTitle(data && props.tabTitle ? `${t(props.titleKey)} ${props.tabTitle(data)}` : undefined);
  return (
    <Card
      className="bas-page"
      title={t(props.titleKey)}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => leave(props.listPath)}>
            {t('back')}
          </Button>
          <Auth perm={props.editPerm}>
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`${props.editPath}/${id}`)}>
              {t('edit')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <DetailView<T> data={data} loading={isLoading} items={props.items} column={{ xs: 1, sm: 2, lg: 3 }} />
      {data && props.children ? <div style={{ marginTop: 16 }}>{props.children(data)}</div> : null}
    </Card>
  );
}
