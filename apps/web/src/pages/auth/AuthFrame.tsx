import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../../app/language/LanguageLinks';
import { settingsStore } from '../../app/settings/settings-store';
import './auth.css';

/** The frame of the signed-out pages: brand panel, language links, a card with the form. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const primary = settingsStore.use((s) => s.primaryColor);
  const isDark = settingsStore.use((s) => s.isDark);
  return (
    <div
      className={isDark ? 'auth-page auth-dark' : 'auth-page'}
      style={{ '--auth-primary': primary } as CSSProperties}
    >
      <header className="auth-top">
        <span className="auth-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          <b>{t('app_name')}</b>
        </span>
        <LanguageLinks />
      </header>
      <main className="auth-main">
        <section className="auth-hero" aria-hidden="true">
          <h2>{t('login_hero_title')}</h2>
          <p>{t('login_hero_text')}</p>
          <svg viewBox="0 0 320 120" className="auth-route" aria-hidden="true">
            <path
              d="M20 90 C 90 10, 230 10, 300 90"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeDasharray="8 8"
            />
            <circle cx="20" cy="90" r="9" fill="currentColor" />
            <circle cx="300" cy="90" r="9" fill="currentColor" />
            <text x="20" y="115" textAnchor="middle" fill="currentColor" fontSize="13">
              CN
            </text>
            <text x="300" y="115" textAnchor="middle" fill="currentColor" fontSize="13">
              TH
            </text>
          </svg>
        </section>
        <section className="auth-card">
          <h1>{title}</h1>
          {children}
        </section>
      </main>
      <footer className="auth-footer">{t('layout_footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
