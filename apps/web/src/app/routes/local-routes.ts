import type { RouterVo } from '../../lib/auth-api';

/**
 * Local menu definitions, merged after the server's `getRouters` (an entry whose full path the server
 * already sends is skipped). Same shape as the server's; `permissions` / `roles` (any of) hide an entry
 * from users without them.
 */
export const LOCAL_ROUTES: RouterVo[] = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/home',
    children: [
      { path: 'home', name: 'Home', component: 'home/index', meta: { title: 'home', icon: 'Home', noCache: false } },
      {
        path: 'profile',
        name: 'Profile',
        component: 'system/profile',
        hidden: true,
        meta: { title: 'profile', icon: 'User', noCache: false },
      },
    ],
  },
];

/** The route every tags view starts with and cannot close. */
export const HOME_PATH = '/home';

/** First path segments of the spec's route groups: a URL under one of these that the user's routes do not hold is a /401. */
export const SCREEN_GROUPS = ['bus', 'container', 'balance', 'bas', 'system'] as const;
