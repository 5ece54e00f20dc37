import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import './error.css';

/**
 * Frame of /404 and /401: the page title, antd's illustration, the spec's text and 'Back home'; `other` is an action
 * after it, which then is the primary one.
 */
export function ErrorFrame(props: { status: '404' | '403'; titleKey: string; textKey: string; other?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(props.titleKey);
  const home = (
    <Button type={props.other ? 'default' : 'primary'} onClick={() => navigate('/home', { replace: true })}>
      {t('btn_back_home')}
    </Button>
  );
  return (
    <div className="error-page">
      <Result
        status={props.status}
        title={t(props.titleKey)}
        subTitle={t(props.textKey)}
        extra={
          props.other ? (
            <Space>
              {home}
              {props.other}
            </Space>
          ) : (
            home
          )
        }
      />
    </div>
  );
}
