/**
 * Shapes of the seed data applied at start-up (idempotent: rows are inserted when their stable key is
 * missing, never overwritten, so administrators' edits survive restarts and new releases add new rows).
 */

/** One menu entry (spec §2 routes, §6 permission keys, screens docs §5 button keys). */
export interface MenuSeed {
  /** Stable unique key, dotted by tree position: 'bus', 'bus.orderAdd', 'bus.orderAdd.add'. */
  key: string;
  /** M directory, C menu (a screen), F button (an action permission). */
  type: 'M' | 'C' | 'F';
  /** zh-cn name stored as menuName. */
  name: string;
  /** Translation-sheet key of the title (apps/web/public/i18n/translations.csv), e.g. 'menu_order_add'. */
  titleKey: string;
  /** Route path: the group's absolute path for top directories ('/bus'), the relative segment for screens ('orderAdd', 'user/user-auth/:userId'). */
  path?: string;
  /** Web component id for C entries: '<group>/<route>', e.g. 'bus/orderAdd', 'system/user'. */
  component?: string;
  /** Permission key (C and F). */
  perms?: string;
  /** antd icon name without the Outlined suffix, e.g. 'Shopping', 'Setting' (M and C). */
  icon?: string;
  /** Hidden from the menu (detail/edit screens). */
  hidden?: boolean;
  /** Keep the page alive in the tags view. Default true for C. */
  cache?: boolean;
  /** Sort order among siblings. */
  order: number;
  /** Optional route redirect for directories ('/bus/orderAdd'). */
  redirect?: string;
  children?: MenuSeed[];
}

export interface DictSeed {
  /** dictType, lower case and '_' */
  type: string;
  name: string;
  nameEn: string;
  nameTh: string;
  items: DictItemSeed[];
}

export interface DictItemSeed {
  value: string;
  zh: string;
  en: string;
  th: string;
  listClass?: 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';
  isDefault?: boolean;
}

/**
 * A seeded name in the three languages (ADR 0007): `name` is stored as typed (zh-cn, the fallback), `en` and
 * `th` in the record's English and Thai columns.
 */
export interface SeedNames {
  name: string;
  en: string;
  th: string;
}

export interface DeptSeed extends SeedNames {
  key: string;
  order: number;
  leader?: string;
  children?: DeptSeed[];
}

export interface PostSeed extends SeedNames {
  code: string;
  sort: number;
}

/** Data scope (RuoYi): 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
export type DataScope = '1' | '2' | '3' | '4' | '5';

export interface RoleSeed extends SeedNames {
  key: string;
  sort: number;
  dataScope: DataScope;
  /**
   * Permission patterns granted: exact keys ('bus:order'), or prefixes ending in '*' ('bus:*', 'system:user:*').
   * Matching menus (C and F) and their ancestor directories are linked to the role.
   */
  perms: string[];
}

export interface ConfigSeed {
  key: string;
  name: SeedNames;
  value: string;
  /** Built-in settings cannot be deleted. */
  builtin: boolean;
  remark: SeedNames;
  /** Remarks earlier releases seeded (one bilingual text): replaced by `remark` while nobody has changed them. */
  formerRemarks?: string[];
}

export interface DemoUserSeed {
  userName: string;
  /** A person's name as they write it; `nickNameEn`/`nickNameTh` only where they write it otherwise. */
  nickName: string;
  nickNameEn?: string;
  nickNameTh?: string;
  /** DeptSeed key */
  dept: string;
  /** RoleSeed keys */
  roles: string[];
  /** PostSeed codes */
  posts: string[];
  phonenumber?: string;
  email?: string;
  sex?: '0' | '1' | '2';
}
