import {
  checkOrderAction,
  rejectMessageKey,
  type TOrderAction,
  type TOrderStatus,
} from '@theone/contracts/bus/order-status';

/**
 * The order screens' buttons use the contracts' transition map (the server checks the same map again): a row may
 * take an action when `canDo(row, action)`; a batch with rows in the wrong state is refused before calling, naming
 * them, with the spec's 'reselect' message of the action.
 */
export interface TOrderGuardRow {
  status: number;
  auditStatus?: number | null;
  ifException?: number | null;
  transportId?: string;
}

export function canDo(row: TOrderGuardRow, action: TOrderAction): boolean {
  return (
    checkOrderAction(
      { status: row.status as TOrderStatus, auditStatus: row.auditStatus, ifException: row.ifException },
      action,
    ) === null
  );
}

/** `runAction` options for an order action on the selected rows. */
export function actionGuard<Row extends TOrderGuardRow>(action: TOrderAction) {
  return {
    check: (row: Row) => canDo(row, action),
    wrongState: rejectMessageKey(action),
    rowLabel: (row: Row) => row.transportId ?? '',
  };
}
