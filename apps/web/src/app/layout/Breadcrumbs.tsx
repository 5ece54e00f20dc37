import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { matchPage } from '../routes/build-routes';
import { HOME_PATH } from '../routes/local-routes';
import { routesStore } from '../routes/routes-store';
import { settingsStore } from '../settings/settings-store';
import { MenuIcon } from './menu-icons';

/** Home / directory / screen, from the route's trail; icons when 'isBreadcrumbIcon' is on. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const table = routesStore.use((s) => s.table);
  const withIcon = settingsStore.use((s) => s.isBreadcrumbIcon);
  const page = matchPage(table.pages, location.pathname)?.page;
  const trail = page?.trail ?? [];
  const crumbs = page?.path === HOME_PATH ? trail : [{ title: 'home', icon: 'Home', path: HOME_PATH }, ...trail];
  const items = crumbs.map((c, i) => {
    const content = (
      <>
        {withIcon && c.icon ? <MenuIcon name={c.icon} /> : null}
        <span>{t(c.title)}</span>
      </>
    );
    const last = i === crumbs.length - 1;
    return { key: `${i}-${c.title}`, title: !last && c.path ? <Link to={c.path}>{content}</Link> : content };
  });
  return <Breadcrumb className="layout-breadcrumb" items={items} />;
}
