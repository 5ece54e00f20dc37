import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Empty, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAvatarUrl } from '../../app/layout/avatar';
import { MenuIcon } from '../../app/layout/menu-icons';
import { menuLeaves } from '../../app/routes/build-routes';
import { HOME_PATH } from '../../app/routes/local-routes';
import { routesStore } from '../../app/routes/routes-store';
import { useLocalName } from '../../lib/localized';
import { useProfile } from '../../lib/profile-api';
import { authStore } from '../../lib/session';
import './home.css';

/**
 * /home (issue 3 item 11): who is signed in (name, roles, department) and quick links to every screen
 * the user may open, grouped by menu directory. The dashboard arrives with the orders issue.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = authStore.use((s) => s.user);
  const roles = authStore.use((s) => s.roles);
  const menu = routesStore.use((s) => s.table.menu);
  const profile = useProfile();
  const groups = useMemo(() => {
    const map = new Map<
      string,
      { title: string; icon?: string; links: { key: string; title: string; icon?: string }[] }
    >();
    for (const { node, parents } of menuLeaves(menu)) {
      if (node.link || node.key.split('?')[0] === HOME_PATH) continue;
      const parent = parents[0];
      const id = parent?.key ?? '';
      const group = map.get(id) ?? { title: parent?.title ?? '', icon: parent?.icon, links: [] };
      group.links.push({ key: node.key, title: node.title, icon: node.icon });
      map.set(id, group);
    }
    return [...map.values()];
  }, [menu]);
  const roleNames = profile.data?.roleGroup ? profile.data.roleGroup.split(/[,，]/).filter(Boolean) : roles;
  const localName = useLocalName();
  const deptName = localName(user?.dept ?? profile.data?.data?.dept, 'deptName');
  const avatar = useAvatarUrl(user?.avatar);

  return (
    <div className="home-page">
      <Card className="home-user">
        <div className="home-user-row">
          <Avatar size={64} src={avatar} icon={<UserOutlined />} />
          <div className="home-user-main">
            <h2 data-testid="home-greeting">
              {t('home_greeting', { name: localName(user, 'nickName') || user?.userName || '' })}
            </h2>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'account', label: t('field_account'), children: user?.userName },
                { key: 'dept', label: t('department'), children: deptName || '-' },
                {
                  key: 'roles',
                  label: t('role'),
                  children: (
                    <span data-testid="home-roles">
                      {roleNames.map((r) => (
                        <Tag key={r} color="processing">
                          {r}
                        </Tag>
                      ))}
                    </span>
                  ),
                },
              ]}
            />
          </div>
        </div>
      </Card>
      <Card title={t('home_quick_links')} className="home-links" data-testid="home-quick-links">
        {groups.length === 0 ? (
          <Empty description={t('home_no_links')} />
        ) : (
          groups.map((g) => (
            <section key={g.title || 'root'} className="home-group">
              {g.title ? (
                <h3>
                  <MenuIcon name={g.icon} /> {t(g.title)}
                </h3>
              ) : null}
              <div className="home-grid">
                {g.links.map((l) => (
                  <Link key={l.key} to={l.key} className="home-tile home-link">
                    <MenuIcon name={l.icon ?? 'Appstore'} />
                    <span>{t(l.title)}</span>
                  </Link>
                ))}
              </div>
            </section>
          ))
        )}
      </Card>
    </div>
  );
}
