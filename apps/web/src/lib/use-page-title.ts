import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title = route title + global title (spec §2), in the current language. */
export function usePageTitle(titleKey: string | undefined, text?: string) {
  const { t } = useTranslation();
  const title = text ?? (titleKey ? t(titleKey) : '');
  const global = t('app_name');
  useEffect(() => {
    document.title = title ? `${title} - ${global}` : global;
  }, [title, global]);
}
