import type { AxiosRequestConfig } from 'axios';
import { feedback } from '../lib/feedback';
import { translate } from '../lib/i18n';
import { isApiError } from '../lib/request';
import { confirmAction } from './confirm';

/**
 * A state-changing action on selected rows (screens §0 'State-changing actions'):
 * 1. no rows: 'Please select data first';
 * 2. every row checked with `check` (e.g. contracts' `canTransition(row.status, 'confirm')`); rows in the
 *    wrong state: the `wrongState` message (default 'Wrong status, please reselect') naming them by `rowLabel`;
 * 3. the confirm prompt (`confirm` key; `{n}` is the row count, more values in `confirmValues`);
 * 4. `run(rows, config)`: pass `config` to the request (it makes the call silent so the messages here are
 *    the only ones);
 * 5. success: 'Operation succeeded', then `onDone` (ListPage: refetch and clear the selection);
 *    HTTP 409: 'Changed by someone else, please reload' (a WRONG_STATE answer shows the server's words)
 *    and `onDone` as well, so the list shows the current data; other failures: the server's message.
 * Resolves true when the call succeeded.
 */
export interface StateActionOptions<Row> {
  rows: readonly Row[];
  run: (rows: readonly Row[], config: AxiosRequestConfig) => Promise<unknown>;
  check?: (row: Row) => boolean;
  wrongState?: string;
  rowLabel?: (row: Row) => string;
  /** Translation key of the prompt, or false for none. Default 'confirm_operation'. */
  confirm?: string | false;
  confirmValues?: Record<string, unknown>;
  danger?: boolean;
  /** Translation key of the success toast, or false. Default 'operation_success'. */
  success?: string | false;
  /** False: the action runs without selected rows (e.g. a whole-list action). Default true. */
  requireRows?: boolean;
  onDone?: () => unknown;
}

export async function runStateAction<Row>(options: StateActionOptions<Row>): Promise<boolean> {
  const { rows } = options;
  if ((options.requireRows ?? true) && rows.length === 0) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  if (options.check) {
    const wrong = rows.filter((r) => !options.check?.(r));
    if (wrong.length > 0) {
      const names = options.rowLabel ? wrong.slice(0, 10).map(options.rowLabel).join(', ') : '';
      const text = translate(options.wrongState ?? 'msg_wrong_state_reselect');
      feedback.message.warning(names ? `${text}: ${names}${wrong.length > 10 ? ' …' : ''}` : text);
      return false;
    }
  }
  if (options.confirm !== false) {
    const content = translate(options.confirm ?? 'confirm_operation', {
      n: rows.length,
      count: rows.length,
      ...options.confirmValues,
    });
    if (!(await confirmAction({ content, danger: options.danger }))) return false;
  }
  try {
    await options.run(rows, { silent: true });
  } catch (error) {
    if (isApiError(error)) {
      if (error.status === 409) {
        if (!error.handled)
          feedback.message.error(error.errorCode === 'WRONG_STATE' ? error.message : translate('msg_changed_reload'));
        await options.onDone?.();
      } else if (!error.handled) {
        feedback.message[error.kind === 'warning' ? 'warning' : 'error'](error.message);
      }
    } else {
      feedback.message.error(translate('msg_unknown_error'));
      console.error(error);
    }
    return false;
  }
  if (options.success !== false) feedback.message.success(translate(options.success ?? 'operation_success'));
  await options.onDone?.();
  return true;
}
