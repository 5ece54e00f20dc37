import { localStore } from '../../lib/storage';
import { createStore } from '../../lib/store';

/**
 * Layout settings (spec §2 drawer, §9 defaults), kept in localStorage as `THEONE-layout-settings`.
 * Stored values are merged over the defaults and checked field by field, so an old or hand-edited entry
 * never breaks the layout.
 */
export const SETTINGS_STORAGE = 'layout-settings';

export const TAGS_STYLES = ['tags-style-one', 'tags-style-four', 'tags-style-five'] as const;
export const ANIMATIONS = ['slide-right', 'slide-left', 'opacitys'] as const;
export const COLUMNS_STYLES = ['columns-round', 'columns-card'] as const;
export const COLUMNS_LAYOUTS = ['columns-horizontal', 'columns-vertical'] as const;
export const LAYOUTS = ['defaults', 'classic', 'transverse'] as const;
/** 'mini' is the spec's default; antd calls it 'small'. */
export const COMPONENT_SIZES = ['mini', 'default', 'large'] as const;

export interface LayoutSettings {
  primaryColor: string;
  isDark: boolean;
  isCollapse: boolean;
  /** Accordion menu: one submenu open at a time. */
  isUniqueOpened: boolean;
  isFixedHeader: boolean;
  isShowLogo: boolean;
  isBreadcrumb: boolean;
  isBreadcrumbIcon: boolean;
  isTagsView: boolean;
  isTagsViewIcon: boolean;
  /** Keep open pages mounted (filters, paging, scroll survive tab switches). */
  isCacheTagsView: boolean;
  isFooter: boolean;
  isGrayscale: boolean;
  /** Colour-weak mode. */
  isInvert: boolean;
  tagsStyle: (typeof TAGS_STYLES)[number];
  animation: (typeof ANIMATIONS)[number];
  columnsAsideStyle: (typeof COLUMNS_STYLES)[number];
  columnsAsideLayout: (typeof COLUMNS_LAYOUTS)[number];
  layout: (typeof LAYOUTS)[number];
  componentSize: (typeof COMPONENT_SIZES)[number];
  /** Idle seconds before the screen locks; 0 turns auto-lock off. */
  lockScreenTime: number;
}

export const DEFAULT_SETTINGS: LayoutSettings = Object.freeze({
  primaryColor: '#de7a62',
  isDark: false,
  isCollapse: false,
  isUniqueOpened: true,
  isFixedHeader: true,
  isShowLogo: true,
  isBreadcrumb: true,
  isBreadcrumbIcon: true,
  isTagsView: true,
  isTagsViewIcon: true,
  isCacheTagsView: true,
  isFooter: true,
  isGrayscale: false,
  isInvert: false,
  tagsStyle: 'tags-style-one',
  animation: 'slide-right',
  columnsAsideStyle: 'columns-round',
  columnsAsideLayout: 'columns-vertical',
  layout: 'defaults',
  componentSize: 'mini',
  lockScreenTime: 0,
});

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** Keeps only valid values from a stored object, defaults for the rest. */
export function sanitizeSettings(raw: unknown): LayoutSettings {
  const src = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_SETTINGS;
  const bool = (key: keyof LayoutSettings) =>
    typeof src[key] === 'boolean' ? (src[key] as boolean) : (d[key] as boolean);
  const colour =
    typeof src.primaryColor === 'string' && /^#[0-9a-f]{6}$/i.test(src.primaryColor)
      ? src.primaryColor
      : d.primaryColor;
  const lock = Number(src.lockScreenTime);
  return {
    primaryColor: colour,
    isDark: bool('isDark'),
    isCollapse: bool('isCollapse'),
    isUniqueOpened: bool('isUniqueOpened'),
    isFixedHeader: bool('isFixedHeader'),
    isShowLogo: bool('isShowLogo'),
    isBreadcrumb: bool('isBreadcrumb'),
    isBreadcrumbIcon: bool('isBreadcrumbIcon'),
    isTagsView: bool('isTagsView'),
    isTagsViewIcon: bool('isTagsViewIcon'),
    isCacheTagsView: bool('isCacheTagsView'),
    isFooter: bool('isFooter'),
    isGrayscale: bool('isGrayscale'),
    isInvert: bool('isInvert'),
    tagsStyle: oneOf(TAGS_STYLES, src.tagsStyle, d.tagsStyle),
    animation: oneOf(ANIMATIONS, src.animation, d.animation),
    columnsAsideStyle: oneOf(COLUMNS_STYLES, src.columnsAsideStyle, d.columnsAsideStyle),
    columnsAsideLayout: oneOf(COLUMNS_LAYOUTS, src.columnsAsideLayout, d.columnsAsideLayout),
    layout: oneOf(LAYOUTS, src.layout, d.layout),
    componentSize: oneOf(COMPONENT_SIZES, src.componentSize, d.componentSize),
    lockScreenTime: Number.isFinite(lock) && lock >= 0 ? Math.min(Math.floor(lock), 86_400) : d.lockScreenTime,
  };
}

export const settingsStore = createStore<LayoutSettings>(sanitizeSettings(localStore.get(SETTINGS_STORAGE, {})));

settingsStore.subscribe((state) => localStore.set(SETTINGS_STORAGE, state));

export function updateSettings(patch: Partial<LayoutSettings>) {
  settingsStore.set(patch);
}

export function resetSettings() {
  localStore.remove(SETTINGS_STORAGE);
  settingsStore.replace({ ...DEFAULT_SETTINGS });
}

export const useSettings = () => settingsStore.use((s) => s);
