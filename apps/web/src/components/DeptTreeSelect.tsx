import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shellKeys } from '../lib/query-keys';
import { getData } from '../lib/request';

/**
 * Department picker over `GET /system/user/deptTree` ({ id, label, children }), cached for five minutes.
 * `<Form.Item name="deptId"><DeptTreeSelect /></Form.Item>`; `useDeptOptions()` gives the tree flattened
 * to `{ value, label }` (spec §7 'tree flattened to value and label options').
 */
export interface DeptNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: DeptNode[];
}

export function useDeptTree() {
  return useQuery({
    queryKey: shellKeys.deptTree,
    queryFn: async () => (await getData<DeptNode[]>('/system/user/deptTree')) ?? [],
    staleTime: 5 * 60_000,
  });
}

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

const toTree = (nodes: readonly DeptNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.label,
    disabled: n.disabled,
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

export function flattenDepts(nodes: readonly DeptNode[]): { value: number; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.id, label: n.label }, ...flattenDepts(n.children ?? [])]);
}

export function useDeptOptions() {
  const { data } = useDeptTree();
  return useMemo(() => flattenDepts(data ?? []), [data]);
}

export type DeptTreeSelectProps = Omit<TreeSelectProps<number>, 'treeData' | 'loading'>;

export function DeptTreeSelect({ placeholder, ...rest }: DeptTreeSelectProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useDeptTree();
  const treeData = useMemo(() => toTree(data ?? []), [data]);
  return (
    <TreeSelect<number>
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      placeholder={placeholder ?? t('please_select')}
      {...rest}
      loading={isLoading}
      treeData={treeData}
    />
  );
}
