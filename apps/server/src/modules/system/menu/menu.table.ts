import { bigint, boolean, char, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../../platform/db/columns';

export const sysMenu = pgTable(
  'sys_menu',
  {
    menuId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    menuName: varchar({ length: 50 }).notNull(),
    /** Translation-sheet key of the title shown in menus, tabs and breadcrumbs. */
    titleKey: varchar({ length: 100 }).notNull().default(''),
    parentId: bigint({ mode: 'number' }).notNull().default(0),
    orderNum: integer().notNull().default(0),
    path: varchar({ length: 200 }).notNull().default(''),
    component: varchar({ length: 255 }).notNull().default(''),
    query: varchar({ length: 255 }).notNull().default(''),
    redirect: varchar({ length: 255 }).notNull().default(''),
    /** External link. */
    isFrame: boolean().notNull().default(false),
    isCache: boolean().notNull().default(true),
    /** M directory, C menu, F button. */
    menuType: char({ length: 1 }).notNull(),
    /** '0' shown, '1' hidden. */
    visible: char({ length: 1 }).notNull().default('0'),
    perms: varchar({ length: 100 }).notNull().default(''),
    icon: varchar({ length: 100 }).notNull().default(''),
    /** Stable key of seeded entries so re-seeding inserts only what is missing. */
    seedKey: varchar({ length: 120 }).unique(),
    ...recordColumns,
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);
