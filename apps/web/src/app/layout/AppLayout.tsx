import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { FloatButton, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../lib/use-narrow';
import { type LayoutSettings, settingsStore, updateSettings } from '../settings/settings-store';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderTools } from './HeaderTools';
import { LayoutProviders } from './LayoutProviders';
import { LockScreen } from './LockScreen';
import { MainView } from './MainView';
import { SideMenu } from './SideMenu';
import { TagsView } from './TagsView';
import { useIdleLock } from './use-idle-lock';
import { useTokenRefresh } from './use-token-refresh';
import './layout.css';

/**
 * The signed-in frame (spec §2 layout, issue 3 item 4): menu, header (breadcrumb, language, full screen,
 * settings, user menu), tags view, keep-alive main view, footer, lock screen and the settings drawer.
 * Three layouts: defaults (side menu beside everything), classic (header across the top, side menu below),
 * transverse (menu in the header). The one scroll container is `.layout-body`; a fixed header is sticky.
 */
const SettingsDrawer = lazy(() => import('../settings/SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <a
      className={collapsed ? 'layout-logo collapsed' : 'layout-logo'}
      href={`${import.meta.env.BASE_URL}home`}
      onClick={(e) => e.preventDefault()}
    >
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
      {collapsed ? null : <span>{t('app_name')}</span>}
    </a>
  );
}

function CollapseButton({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="header-tool"
      onClick={() => updateSettings({ isCollapse: !settingsStore.get().isCollapse })}
      aria-label={t('settings_collapse')}
      data-testid="collapse-menu"
    >
      {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
    </button>
  );
}

function Footer() {
  const { t } = useTranslation();
  return <footer className="layout-footer">{t('layout_footer', { year: new Date().getFullYear() })}</footer>;
}

/**
 * Theme colours for the shell's own CSS, set on <html> so that drawers and popups rendered outside the
 * layout (portals) see them too.
 */
function useCssVariables(s: LayoutSettings) {
  const { token } = theme.useToken();
  const vars: Record<string, string> = {
    '--theone-primary': token.colorPrimary,
    '--theone-primary-bg': token.colorPrimaryBg,
    '--theone-bg': token.colorBgContainer,
    '--theone-bg-layout': token.colorBgLayout,
    '--theone-border': token.colorBorderSecondary,
    '--theone-text': token.colorText,
    '--theone-text-2': token.colorTextSecondary,
    '--theone-fill': token.colorFillTertiary,
    '--theone-aside-width': s.columnsAsideLayout === 'columns-vertical' ? '80px' : '64px',
  };
  const key = JSON.stringify(vars);
  useEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>))
      style.setProperty(name, value);
  }, [key]);
}

function AppLayout() {
  const s = settingsStore.use((state) => state);
  const narrow = useNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  useCssVariables(s);
  useIdleLock(s.lockScreenTime);
  useTokenRefresh();
  const collapsed = s.isCollapse || narrow;
  const openSettings = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  const tools = <HeaderTools onOpenSettings={openSettings} />;
  const breadcrumb = s.isBreadcrumb && !narrow ? <Breadcrumbs /> : null;
  const aside = (withLogo: boolean) => (
    <aside className={collapsed ? 'layout-aside collapsed' : 'layout-aside'} data-testid="layout-aside">
      {withLogo && s.isShowLogo ? <Logo collapsed={collapsed} /> : null}
      <nav className="layout-aside-menu">
        <SideMenu collapsed={collapsed} />
      </nav>
    </aside>
  );
  const body = (top: ReactNode) => (
    <div className="layout-body" ref={scrollRef}>
      {top}
      <main className="layout-main">
        <MainView scrollContainer={scrollRef} />
      </main>
      {s.isFooter ? <Footer /> : null}
    </div>
  );
  const tags = s.isTagsView ? <TagsView /> : null;
  const sticky = s.isFixedHeader ? 'layout-top sticky' : 'layout-top';

  let frame: ReactNode;
  if (s.layout === 'classic') {
    frame = (
      <>
        <header className="layout-header layout-header-full">
          {s.isShowLogo ? <Logo collapsed={false} /> : null}
          <CollapseButton collapsed={collapsed} />
          {breadcrumb}
          {tools}
        </header>
        <div className="layout-row">
          {aside(false)}
          {body(tags ? <div className={sticky}>{tags}</div> : null)}
        </div>
      </>
    );
  } else if (s.layout === 'transverse') {
    frame = (
      <>
        <header className="layout-header layout-header-full">
          {s.isShowLogo ? <Logo collapsed={false} /> : null}
          <div className="layout-top-menu">
            <SideMenu mode="horizontal" />
          </div>
          {tools}
        </header>
        {body(tags ? <div className={sticky}>{tags}</div> : null)}
      </>
    );
  } else {
    frame = (
      <div className="layout-row">
        {aside(true)}
        {body(
          <div className={sticky}>
            <header className="layout-header">
              <CollapseButton collapsed={collapsed} />
              {breadcrumb}
              {tools}
            </header>
            {tags}
          </div>,
        )}
      </div>
    );
  }

  const classes = [
    'layout',
    `layout-${s.layout}`,
    s.columnsAsideStyle,
    s.columnsAsideLayout,
    s.isDark ? 'layout-dark' : 'layout-light',
  ].join(' ');

  return (
    <div className={classes} data-testid="layout">
      {frame}
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <FloatButton.BackTop target={() => scrollRef.current ?? window} duration={800} visibilityHeight={600} />
      <LockScreen />
    </div>
  );
}

export default function AppLayoutWithProviders() {
  return (
    <LayoutProviders>
      <AppLayout />
    </LayoutProviders>
  );
}
