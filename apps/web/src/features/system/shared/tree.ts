import { buildTree } from '@theone/contracts/system/common';

/** Flat rows to a tree for antd tables (`children` only where there are some). */
export function toTreeRows<T extends Record<string, unknown>>(
  rows: readonly T[],
  idKey: keyof T,
  parentKey: keyof T,
): T[] {
  return buildTree(rows, idKey, parentKey) as T[];
}

/** Every id of a tree (expand all). */
export function allIds<T extends { children?: T[] }>(nodes: readonly T[], id: (n: T) => number): number[] {
  return nodes.flatMap((n) => [id(n), ...allIds(n.children ?? [], id)]);
}

/** antd TreeSelect / Tree data from `{ id, label, children }` nodes. */
export interface TreeOption {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

export function treeOptions(
  nodes: readonly { id: number; label: string; disabled?: boolean; children?: unknown[] }[],
): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.label,
    disabled: n.disabled,
    children: n.children?.length ? treeOptions(n.children as typeof nodes) : undefined,
  }));
}
