import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '../../lib/languages';
import { useLanguage } from '../../lib/use-language';

/** Plain language links for the static pages (login, register): no menu component, nothing heavy. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <nav className="theone-language-links" aria-label={t('layout_language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          className={language === current ? 'active' : undefined}
          onClick={() => changeLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </nav>
  );
}
