import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { ErrorFrame } from './ErrorFrame';

/** /404 (spec §2, §8): the address was typed wrongly; back to the home page. Static name notFound. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle('page_404_title');
  return (
    <ErrorFrame
      status="404"
      title={t('page_404_title')}
      text={t('msg_page_not_found')}
      actions={
        <Button type="primary" onClick={() => navigate('/home', { replace: true })}>
          {t('btn_back_home')}
        </Button>
      }
    />
  );
}
