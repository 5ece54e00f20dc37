import { MENU_SEED } from '../menu/menu.seed';
import type { DeptSeed, MenuSeed } from './seed.types';

/** Helpers of the seed tests (seed-data, seed-dict, seed-org). */

export interface FlatMenu extends MenuSeed {
  parent?: FlatMenu;
  /** Absolute route path of M and C entries: '/bus/orderAdd'. */
  fullPath?: string;
}

export function flatten(entries: readonly MenuSeed[], parent?: FlatMenu): FlatMenu[] {
  return entries.flatMap((entry) => {
    const flat: FlatMenu = { ...entry, parent };
    if (entry.type === 'M') flat.fullPath = entry.path;
    if (entry.type === 'C') flat.fullPath = `${parent?.fullPath}/${entry.path}`;
    return [flat, ...flatten(entry.children ?? [], flat)];
  });
}

/** Every seeded menu entry, depth first, with its parent and absolute route path. */
export const MENUS = flatten(MENU_SEED);

/** Role permission pattern: exact key, '*:*:*', or a prefix ending in '*'. */
export function matches(pattern: string, perms: string): boolean {
  if (pattern === '*:*:*') return true;
  if (pattern.endsWith('*')) return perms.startsWith(pattern.slice(0, -1));
  return pattern === perms;
}

export function flattenDepts(dept: DeptSeed): DeptSeed[] {
  return [dept, ...(dept.children ?? []).flatMap(flattenDepts)];
}
