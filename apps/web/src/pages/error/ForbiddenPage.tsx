import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/auth-api';
import { ErrorFrame } from './ErrorFrame';

/** /401 (spec §2, §8): 'You are not authorized to operate~' and a re-authorise button. Static name noPower. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reauthorize = async () => {
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
  };
  return (
    <ErrorFrame
      status="403"
      titleKey="page_401_title"
      textKey="msg_no_permission"
      other={
        <Button type="primary" onClick={reauthorize}>
          {t('btn_reauthorize')}
        </Button>
      }
    />
  );
}
