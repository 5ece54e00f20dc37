import { buildTree, type TLanguage } from '@theone/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sysDept } from '../dept/dept.table';
import { DEPT_NAME, localizedName } from './localized';

export type DeptTreeNode = { id: number; label: string; disabled?: boolean; children?: DeptTreeNode[] };

/**
 * The department tree of pickers and dialogs: live departments within `scope`, named in `lang`, disabled ones
 * flagged (id, label, disabled, children: no parent ids); `ids` are the departments it shows.
 */
export async function deptTree(
  db: DbOrTx,
  lang: TLanguage,
  scope: SQL | undefined,
): Promise<{ tree: DeptTreeNode[]; ids: Set<number> }> {
  const rows = await db
    .select({
      id: sysDept.deptId,
      parentId: sysDept.parentId,
      label: localizedName(DEPT_NAME, lang),
      status: sysDept.status,
    })
    .from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
  const nodes = rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    label: r.label,
    ...(r.status === '1' ? { disabled: true } : {}),
  }));
  return { tree: stripParents(buildTree(nodes, 'id', 'parentId')), ids: new Set(rows.map((r) => r.id)) };
}

function stripParents(nodes: readonly Record<string, unknown>[]): DeptTreeNode[] {
  return nodes.map((n) => {
    const out: DeptTreeNode = { id: n.id as number, label: n.label as string };
    if (n.disabled) out.disabled = true;
    const children = n.children as Record<string, unknown>[] | undefined;
    if (children?.length) out.children = stripParents(children);
    return out;
  });
}
