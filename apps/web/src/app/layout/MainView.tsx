import { memo, type RefObject, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  Navigate,
  NavigationType,
  UNSAFE_RouteContext as RouteContext,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../lib/use-page-title';
import { matchPage, paramsAreValid } from '../routes/build-routes';
import { SCREEN_GROUPS } from '../routes/local-routes';
import { registry } from '../routes/registry';
import { routesStore } from '../routes/routes-store';
import { settingsStore } from '../settings/settings-store';
import { tagKey, tagsStore, visitTag } from './tags-store';

/**
 * The layout's main view: resolves the location against the user's routes and renders the page.
 *
 * Keep-alive: with the tags view and its cache on, every open tab stays mounted (hidden ones with
 * `hidden`), each rendered by `useRoutes` at the tab's own last location, so a page keeps its state
 * (form values, selection, expanded rows, query cache) and its URL filters while another tab is shown.
 * The scroll position of the shared scroll container is saved per tab and restored on return.
 * Routes with `noCache` unmount when left. Without cache only the active page is mounted.
 *
 * Hidden tabs are frozen (issue 10 item 11): each tab gets its own router location context (the
 * router's own while it is active and at a new place; otherwise the object it last had, also when it
 * is shown again at the same place) and a constant root route context, above a memoised boundary.
 * A navigation therefore re-renders the shown tab only when its place changed; with 20 tabs open,
 * re-rendering every hidden list and form on each click made switching take seconds. (React's lazy
 * context propagation still calls the router hooks of hidden pages when the router's location
 * changes, but they read an unchanged value and keep their output: nothing below them renders.)
 * Hidden pages keep their query subscriptions, so a mutation's invalidation still refreshes them.
 *
 * Unknown paths: a directory goes to its redirect, '/' to /home, a screen of a spec group the user may
 * not open to /401, anything else to /404; id-like parameters must be digits (else /404).
 */
function PageElement({ componentId }: { componentId: string }) {
  const Page = registry[componentId];
  if (!Page) return <Navigate to="/404" replace />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

type LocationContextValue = { location: Location; navigationType: NavigationType };
type TabLocation = Pick<Location, 'pathname' | 'search' | 'hash' | 'key' | 'state'>;

/** The route context of a tab: the root, as if its page were the app's only route (stable, never changes). */
const ROOT_ROUTE_CONTEXT = { outlet: null, matches: [], isDataRoute: false };

/** Same place: a tab's click pushes its own URL again (a new history key), which changes nothing on the page. */
const samePlace = (a: TabLocation, b: TabLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

/** The page of a tab, at the location of the context above it; re-renders only when that context changes. */
const TabPage = memo(function TabPage({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
});

/** A path under a spec group whose screen exists in this build (so the user lacks access rather than the page missing). */
export function isKnownScreenPath(pathname: string): boolean {
  const [group, ...rest] = pathname.split('/').filter(Boolean);
  if (!group || !(SCREEN_GROUPS as readonly string[]).includes(group)) return false;
  return rest.some((segment) => Object.hasOwn(registry, `${group}/${segment}`));
}

export function unknownPathTarget(pathname: string, redirects: readonly { from: string; to: string }[]): string {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const redirect = redirects.find((r) => r.from === normalized);
  if (redirect) return redirect.to;
  if (normalized === '/' || normalized === '') return '/home';
  return isKnownScreenPath(normalized) ? '/401' : '/404';
}

export function MainView({ scrollContainer }: { scrollContainer: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const routerLocation = useContext(LocationContext);
  const table = routesStore.use((s) => s.table);
  const views = tagsStore.use((s) => s.views);
  const isTagsView = settingsStore.use((s) => s.isTagsView);
  const isCache = settingsStore.use((s) => s.isCacheTagsView);
  const animation = settingsStore.use((s) => s.animation);
  const match = useMemo(() => matchPage(table.pages, location.pathname), [table.pages, location.pathname]);
  const valid = match ? paramsAreValid(match.params) : false;
  const activeKey = tagKey(location.pathname, location.search);
  const activeView = views.find((v) => v.key === activeKey);
  usePageTitle(match?.page.title, activeView?.titleText);

  useEffect(() => {
    if (!match || !valid) return;
    const { page } = match;
    visitTag({ title: page.title, icon: page.icon, affix: page.affix, noCache: page.noCache, location });
  }, [match, valid, location]);

  // Affix tabs (home) are there from the start, as in RuoYi's tags view.
  useEffect(() => {
    for (const page of table.pages) {
      if (!page.affix || tagsStore.get().views.some((v) => v.key === page.path)) continue;
      const location = { pathname: page.path, search: '', hash: '', key: 'affix', state: null };
      visitTag({ title: page.title, icon: page.icon, affix: true, noCache: page.noCache, location });
    }
  }, [table.pages]);

  // Only tabs opened in this page load are kept mounted: tabs restored after a reload, and the affix
  // home tab, mount when first shown.
  const opened = useRef(new Set<string>());
  opened.current.add(activeKey);

  const routes = useMemo<RouteObject[]>(
    () => table.pages.map((p) => ({ path: p.path, element: <PageElement componentId={p.componentId} /> })),
    [table.pages],
  );

  // Scroll per tab: remember while scrolling, restore when a tab becomes active.
  const scrollTops = useRef(new Map<string, number>());
  const activeRef = useRef(activeKey);
  activeRef.current = activeKey;
  useEffect(() => {
    const el = scrollContainer.current;
    if (!el) return;
    const onScroll = () => scrollTops.current.set(activeRef.current, el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollContainer]);
  const viewRefs = useRef(new Map<string, HTMLDivElement>());
  const refCallbacks = useRef(new Map<string, (el: HTMLDivElement | null) => void>());
  const refOf = (key: string) => {
    let callback = refCallbacks.current.get(key);
    if (!callback) {
      callback = (el) => {
        if (el) viewRefs.current.set(key, el);
        else {
          viewRefs.current.delete(key);
          refCallbacks.current.delete(key);
        }
      };
      refCallbacks.current.set(key, callback);
    }
    return callback;
  };
  // The location context each tab was last rendered with: kept while the tab is hidden and when it is
  // shown again at the same place, so that a switch re-renders nothing under it; a new place (filters,
  // page, another id) gives the router's context.
  const tabContexts = useRef(new Map<string, LocationContextValue>());
  const contextOf = (key: string, tabLocation: TabLocation): LocationContextValue => {
    const kept = tabContexts.current.get(key);
    if (key === activeKey) {
      if (kept && samePlace(kept.location, routerLocation.location)) return kept;
      tabContexts.current.set(key, routerLocation);
      return routerLocation;
    }
    if (kept && samePlace(kept.location, tabLocation)) return kept;
    const value = {
      location: { mask: undefined, ...tabLocation } as Location,
      navigationType: NavigationType.Pop,
    };
    tabContexts.current.set(key, value);
    return value;
  };
  useLayoutEffect(() => {
    const el = scrollContainer.current;
    if (el) el.scrollTop = scrollTops.current.get(activeKey) ?? 0;
    const page = viewRefs.current.get(activeKey);
    if (page) {
      page.classList.remove('page-anim');
      void page.offsetWidth;
      page.classList.add('page-anim');
    }
  }, [activeKey, scrollContainer]);

  if (!match) return <Navigate to={unknownPathTarget(location.pathname, table.redirects)} replace />;
  if (!valid) return <Navigate to="/404" replace />;

  const keepAlive = isTagsView && isCache;
  const mounted = keepAlive
    ? views
        .filter((v) => v.key === activeKey || (!v.noCache && opened.current.has(v.key)))
        .map((v) => ({ key: v.key, location: v.location, refresh: v.refreshCount }))
    : [];
  if (!mounted.some((v) => v.key === activeKey)) {
    mounted.push({ key: activeKey, location, refresh: activeView?.refreshCount ?? 0 });
  }
  for (const key of tabContexts.current.keys()) {
    if (!mounted.some((v) => v.key === key)) tabContexts.current.delete(key);
  }

  return (
    <div className={`page-views anim-${animation}`}>
      {mounted.map((v) => (
        <div key={v.key} className="page-view" hidden={v.key !== activeKey} data-tab={v.key} ref={refOf(v.key)}>
          <RouteContext.Provider value={ROOT_ROUTE_CONTEXT}>
            <LocationContext.Provider value={contextOf(v.key, v.location)}>
              <TabPage key={v.refresh} routes={routes} />
            </LocationContext.Provider>
          </RouteContext.Provider>
        </div>
      ))}
    </div>
  );
}
