import type { AxiosRequestConfig } from 'axios';
import type { RowAction, ToolbarButton } from '../../../components/ListPage';
import { rowsAction } from '../../../components/list-presets';
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
  return rowsAction<Row>({
    key: 'delete',
    label: 'delete',
    danger: true,
    perm,
    run: () => ({ confirm: 'confirm_delete', danger: true, run }),
  });
}
