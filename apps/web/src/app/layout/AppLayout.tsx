import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { FloatButton, theme } from 'antd';
import {
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../lib/use-narrow';
import { type LayoutSettings, settingsStore, updateSettings } from '../settings/settings-store';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderTools } from './HeaderTools';
import { LayoutProviders } from './LayoutProviders';
import { LockScreen } from './LockScreen';
import { MainView } from './MainView';
import { SideMenu } from './SideMenu';
import { type ScrollArea, ScrollAreaContext } from './scroll-area';
import { TagsView } from './TagsView';
import { useIdleLock } from './use-idle-lock';
import { useTokenRefresh } from './use-token-refresh';
import './layout.css';

/**
 * The signed-in frame (spec §2 layout, issue 3 item 4): menu, header (breadcrumb, language, full screen,
 * settings, user menu), tags view, keep-alive main view, footer, lock screen and the settings drawer.
 * Three layouts: defaults (side menu beside everything), classic (header across the top, side menu below),
 * transverse (menu in the header). The one scroll container is `.layout-body`; a fixed header is sticky, and
 * the pages get the scroll container and the sticky header's height through ScrollAreaContext (sticky list
 * headers and form footers). The pages' area is its own stacking context (layout.css), so nothing in a page
 * (fixed table columns, sticky headers) can draw over the header and the tab strip.
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

/**
 * The scroll area the pages see: the scroll container and the height of the sticky header and tab strip on
 * top of it (measured, so that every layout, the tab strip on or off and a wrapping header are right).
 */
function useScrollArea(scrollRef: RefObject<HTMLDivElement | null>, deps: readonly unknown[]): ScrollArea {
  const [top, setTop] = useState(0);
  // Measured again when the frame's layout settings (`deps`) change.
  useLayoutEffect(() => {
    const sticky = scrollRef.current?.querySelector<HTMLElement>(':scope > .layout-top.sticky');
    if (!sticky) {
      setTop(0);
      return;
    }
    const measure = () => setTop(Math.round(sticky.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(sticky);
    return () => observer.disconnect();
  }, [scrollRef, ...deps]);
  return useMemo(() => ({ top, getContainer: () => scrollRef.current ?? window }), [top, scrollRef]);
}

function AppLayout() {
  const s = settingsStore.use((state) => state);
  const narrow = useNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  useCssVariables(s);
  const scrollArea = useScrollArea(scrollRef, [s.layout, s.isFixedHeader, s.isTagsView]);
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
        <ScrollAreaContext.Provider value={scrollArea}>
          <MainView scrollContainer={scrollRef} />
        </ScrollAreaContext.Provider>
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
