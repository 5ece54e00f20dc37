import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCaptcha } from '../../lib/auth-api';

/** The captcha (GET /code): `enabled` false hides the field; the image is a base64 SVG; a click refreshes it. */
export interface CaptchaState {
  enabled: boolean;
  uuid?: string;
  img?: string;
  failed?: boolean;
}

export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaState>({ enabled: true });
  const refresh = useCallback(async () => {
    try {
      const answer = await getCaptcha();
      setCaptcha({ enabled: answer.captchaEnabled !== false, uuid: answer.uuid, img: answer.img });
    } catch {
      setCaptcha((c) => ({ ...c, img: undefined, failed: true }));
    }
  }, []);
  useEffect(() => {
    refresh();
  }, [refresh]);
  return { captcha, refresh };
}

export function CaptchaImage({ captcha, onRefresh }: { captcha: CaptchaState; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="auth-captcha-img"
      onClick={onRefresh}
      title={t('login_captcha_refresh')}
      data-testid="captcha"
    >
      {captcha.img ? (
        <img src={`data:image/svg+xml;base64,${captcha.img}`} alt={t('captcha')} />
      ) : (
        t('login_captcha_refresh')
      )}
    </button>
  );
}
