import type { Location } from 'react-router';
import { onSessionCleared } from '../../lib/session';
import { sessionStore } from '../../lib/storage';
import { createStore } from '../../lib/store';

/**
 * Open pages of the tags view. A tab is identified by its path, plus the `id` query of detail routes
 * (`/bus/orderDetails?id=7` and `?id=8` are two tabs; a list's filter query is not part of the identity).
 * Each tab remembers its last location, so returning to it restores the filters kept in the URL, and the
 * keep-alive main view renders hidden tabs at that location.
 */
export interface TagView {
  key: string;
  path: string;
  /** path + search + hash, where the tab returns to. */
  fullPath: string;
  /** Translation key of the route title. */
  title: string;
  /** A title set by the page itself (e.g. a waybill number), shown instead. */
  titleText?: string;
  icon?: string;
  affix: boolean;
  noCache: boolean;
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'key' | 'state'>;
  /** Bumped by 'refresh' to remount the page. */
  refreshCount: number;
}

const STORAGE = 'tags-view';

export function tagKey(pathname: string, search: string): string {
  const id = new URLSearchParams(search).get('id');
  return id ? `${pathname}?id=${id}` : pathname;
}

export const tagsStore = createStore<{ views: TagView[] }>({ views: sessionStore.get<TagView[]>(STORAGE, []) });

tagsStore.subscribe((s) => sessionStore.set(STORAGE, s.views));
onSessionCleared(() => tagsStore.replace({ views: [] }));

type VisitInput = Omit<TagView, 'key' | 'refreshCount' | 'fullPath' | 'path'>;

/** Adds the tab of a location, or moves an open tab to that location. */
export function visitTag(view: VisitInput) {
  const { pathname, search, hash } = view.location;
  const key = tagKey(pathname, search);
  const fullPath = `${pathname}${search}${hash}`;
  tagsStore.set((s) => {
    const existing = s.views.find((v) => v.key === key);
    if (existing) {
      if (
        existing.location.key === view.location.key &&
        existing.fullPath === fullPath &&
        existing.title === view.title
      )
        return {};
      return {
        views: s.views.map((v) =>
          v.key === key
            ? { ...v, fullPath, location: view.location, title: view.title, icon: view.icon, noCache: view.noCache }
            : v,
        ),
      };
    }
    const added: TagView = { ...view, key, path: pathname, fullPath, refreshCount: 0 };
    // Affix tabs (home) lead.
    return { views: view.affix ? [added, ...s.views] : [...s.views, added] };
  });
}

export function setTagTitle(key: string, titleText: string | undefined) {
  tagsStore.set((s) => ({
    views: s.views.map((v) => (v.key === key && v.titleText !== titleText ? { ...v, titleText } : v)),
  }));
}

export function refreshTag(key: string) {
  tagsStore.set((s) => ({
    views: s.views.map((v) => (v.key === key ? { ...v, refreshCount: v.refreshCount + 1 } : v)),
  }));
}

/** Removes tabs; returns the tab to show when the active one went (the nearest to its right, else left). */
function removeWhere(activeKey: string, drop: (v: TagView, index: number) => boolean): TagView | undefined {
  const views = tagsStore.get().views;
  const kept = views.filter((v, i) => v.affix || !drop(v, i));
  tagsStore.set({ views: kept });
  if (kept.some((v) => v.key === activeKey)) return undefined;
  const index = views.findIndex((v) => v.key === activeKey);
  const after = views.slice(index + 1).find((v) => kept.includes(v));
  const before = [...views.slice(0, Math.max(index, 0))].reverse().find((v) => kept.includes(v));
  return after ?? before ?? kept[kept.length - 1];
}

export const closeTag = (key: string, activeKey: string) => removeWhere(activeKey, (v) => v.key === key);
export const closeOtherTags = (key: string, activeKey: string) => removeWhere(activeKey, (v) => v.key !== key);
export const closeAllTags = (activeKey: string) => removeWhere(activeKey, () => true);
export function closeTagsToSide(key: string, side: 'left' | 'right', activeKey: string) {
  const index = tagsStore.get().views.findIndex((v) => v.key === key);
  return removeWhere(activeKey, (_v, i) => (side === 'left' ? i < index : i > index));
}
