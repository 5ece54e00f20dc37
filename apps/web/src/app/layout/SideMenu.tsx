import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type MenuNode, matchPage } from '../routes/build-routes';
import { routesStore } from '../routes/routes-store';
import { settingsStore } from '../settings/settings-store';
import { MenuIcon } from './menu-icons';
import './side-menu.css';

/**
 * The menu built from the route table (hidden and unpermitted entries are already out). Inline in the
 * sider (collapsible, accordion when 'isUniqueOpened'), horizontal in the transverse layout.
 * External links open in a new tab.
 *
 * Every label is read whole, in every language (issue 10 item 13): in the open sider long English and Thai
 * titles wrap (side-menu.css); in the collapsed sider a top-level entry shows its title in a tooltip, and a
 * group's pop-up starts with the group's title.
 */
type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], t: (key: string) => string, collapsed = false, top = true): Item[] {
  return nodes.map((n) => {
    const title = t(n.title);
    const label = (
      <span key="label" className="layout-menu-label" title={collapsed ? title : undefined}>
        {title}
      </span>
    );
    const icon = n.icon ? <MenuIcon key="icon" name={n.icon} /> : undefined;
    if (n.children) {
      const children = toItems(n.children, t, collapsed, false);
      return {
        key: n.key,
        icon,
        label,
        children:
          collapsed && top
            ? [
                {
                  type: 'group',
                  key: `${n.key}#title`,
                  label: <span className="layout-menu-group">{title}</span>,
                  children,
                },
              ]
            : children,
      };
    }
    return { key: n.key, icon, label, title };
  });
}

/** The leaf whose path (without its query) is `path`, else `path` itself (a directory key). */
function menuKeyFor(nodes: readonly MenuNode[], path: string): string {
  for (const n of nodes) {
    if (!n.children && n.key.split('?')[0] === path) return n.key;
    const inner = n.children && menuKeyFor(n.children, path);
    if (inner && inner !== path) return inner;
  }
  return path;
}

function findNode(nodes: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = n.children && findNode(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

export function SideMenu({
  mode = 'inline',
  collapsed = false,
}: {
  mode?: 'inline' | 'horizontal';
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const table = routesStore.use((s) => s.table);
  const accordion = settingsStore.use((s) => s.isUniqueOpened);
  const page = matchPage(table.pages, location.pathname)?.page;
  const selected = page?.menuKey;
  const [openKeys, setOpenKeys] = useState<string[]>(page?.openKeys ?? []);

  useEffect(() => {
    if (!page || collapsed) return;
    setOpenKeys((keys) => (accordion ? page.openKeys : Array.from(new Set([...keys, ...page.openKeys]))));
  }, [page, accordion, collapsed]);

  const grouped = collapsed && mode === 'inline';
  const items = useMemo(() => toItems(table.menu, t, grouped), [table.menu, t, grouped]);
  const selectedKeys = useMemo(() => (selected ? [menuKeyFor(table.menu, selected)] : []), [selected, table.menu]);

  const onOpenChange = (keys: string[]) => {
    if (!accordion) return setOpenKeys(keys);
    const latest = keys.find((k) => !openKeys.includes(k));
    if (!latest) return setOpenKeys(keys);
    // Keep the opened entry and its ancestors only.
    setOpenKeys(keys.filter((k) => k === latest || latest.startsWith(`${k}/`)));
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = findNode(table.menu, key);
    if (node?.link) {
      window.open(node.link, '_blank', 'noopener,noreferrer');
      return;
    }
    navigate(key);
  };

  return (
    <Menu
      className="layout-menu"
      mode={mode}
      items={items}
      selectedKeys={selectedKeys}
      onClick={onClick}
      {...(mode === 'inline'
        ? { inlineCollapsed: collapsed, openKeys: collapsed ? undefined : openKeys, onOpenChange }
        : {})}
    />
  );
}
