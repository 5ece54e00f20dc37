import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/auth-api';
import { usePageTitle } from '../../lib/use-page-title';
import { ErrorFrame } from './ErrorFrame';

/** /401 (spec §2, §8): 'You are not authorized to operate~' and a re-authorise button. Static name noPower. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle('page_401_title');
  const reauthorize = async () => {
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
  };
  return (
    <ErrorFrame
      status="403"
      title={t('page_401_title')}
      text={t('msg_no_permission')}
      actions={
        <Space>
          <Button onClick={() => navigate('/home', { replace: true })}>{t('btn_back_home')}</Button>
          <Button type="primary" onClick={reauthorize}>
            {t('btn_reauthorize')}
          </Button>
        </Space>
      }
    />
  );
}
