import type { AxiosRequestConfig } from 'axios';
import type { RowAction, ToolbarButton } from '../../../components/ListPage';
import { request } from '../../../lib/request';

/**
 * Delete on a bas list (marks, prices), after 'confirm_delete': `button` on the selected rows, `rowAction` on one
 * row. Each row goes by itself to POST `<url>/delete/{id}` (the bas delete route).
 */
export function deleteActions<Row extends { id: number }>(
  url: string,
  perm: string,
): { button: ToolbarButton<Row>; rowAction: RowAction<Row> } {
  const run = async (rows: readonly Row[], config: AxiosRequestConfig) => {
    for (const r of rows) await request.post(`${url}/delete/${r.id}`, undefined, config);
  };
  return {
    button: {
      key: 'delete',
      label: 'delete',
      danger: true,
      perm,
      selection: 'multiple',
      onClick: (ctx) => ctx.runAction({ confirm: 'confirm_delete', danger: true, run }),
    },
    rowAction: {
      key: 'delete',
      label: 'delete',
      danger: true,
      perm,
      onClick: (r, ctx) => ctx.runAction({ rows: [r], confirm: 'confirm_delete', danger: true, run }),
    },
  };
}
