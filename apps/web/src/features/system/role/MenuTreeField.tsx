import { Checkbox, Space, Tree } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTreeNode } from '../api';
import { allIds } from '../shared/tree';

/**
 * A checkable tree with the RuoYi toolbar: expand/collapse, select all/none and parent-child linkage
 * (`linked`). `value` are the checked ids; `withAncestors` adds the (half-checked) parents before saving.
 */
export function withAncestors(nodes: readonly TTreeNode[], ids: readonly number[]): number[] {
  const parent = new Map<number, number>();
  const walk = (list: readonly TTreeNode[], parentId?: number) => {
    for (const n of list) {
      if (parentId !== undefined) parent.set(n.id, parentId);
      walk(n.children ?? [], n.id);
    }
  };
  walk(nodes);
  const out = new Set(ids);
  for (const id of ids) {
    for (let p = parent.get(id); p !== undefined && !out.has(p); p = parent.get(p)) out.add(p);
  }
  return [...out];
}

/**
 * What a CheckTree over `nodes` holds: the checked ids and the linkage, set from `start` whenever it changes (memoize
 * it; undefined while loading), and `chosen()`, the ids to save (with their parents when linked).
 *
 *   const menus = useCheckTree(nodes, start);
 *   <CheckTree {...menus.tree} testId="role-menu-tree" />  ...  save({ menuIds: menus.chosen(), menuCheckStrictly: menus.tree.linked })
 */
export function useCheckTree(nodes: TTreeNode[], start: { checked: number[]; linked: boolean } | undefined) {
  const [value, onChange] = useState<number[]>([]);
  const [linked, onLinkedChange] = useState(true);
  useEffect(() => {
    if (!start) return;
    onChange(start.checked);
    onLinkedChange(start.linked);
  }, [start]);
  return {
    tree: { nodes, value, onChange, linked, onLinkedChange },
    chosen: () => (linked ? withAncestors(nodes, value) : value),
  };
}

export function CheckTree(props: {
  nodes: TTreeNode[];
  value: number[];
  onChange: (ids: number[]) => void;
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ids = useMemo(() => allIds(props.nodes, (n) => n.id), [props.nodes]);
  const [expanded, setExpanded] = useState<Key[] | undefined>();
  const treeData = useMemo(() => props.nodes, [props.nodes]);
  return (
    <div className="system-check-tree" data-testid={props.testId}>
      <Space size={16} wrap>
        <Checkbox
          checked={expanded === undefined ? false : expanded.length > 0}
          onChange={(e) => setExpanded(e.target.checked ? ids : [])}
        >
          {t('expand_collapse')}
        </Checkbox>
        <Checkbox
          checked={ids.length > 0 && props.value.length >= ids.length}
          onChange={(e) => props.onChange(e.target.checked ? ids : [])}
        >
          {t('system_select_all_none')}
        </Checkbox>
        <Checkbox checked={props.linked} onChange={(e) => props.onLinkedChange(e.target.checked)}>
          {t('system_linked')}
        </Checkbox>
      </Space>
      <div className="system-check-tree-box" style={{ maxHeight: props.height ?? 320 }}>
        <Tree<TTreeNode>
          checkable
          blockNode
          selectable={false}
          checkStrictly={!props.linked}
          fieldNames={{ key: 'id', title: 'label', children: 'children' }}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          checkedKeys={props.linked ? props.value : { checked: props.value, halfChecked: [] }}
          onCheck={(checked) => props.onChange((Array.isArray(checked) ? checked : checked.checked).map(Number))}
        />
      </div>
    </div>
  );
}
