import { Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import type { ListColumn } from '../../../components/ListPage';
import { feedback } from '../../../lib/feedback';
import { isApiError } from '../../../lib/request';
import type { Status } from '../api';

/**
 * The status switch of the system lists (screens §4.1): asks 'Confirm to "enable/disable" x "name"?', calls,
 * and goes back when the call fails (or the prompt is cancelled). `status` '0' is on (normal).
 */
export interface StatusSwitchProps {
  status: Status;
  name: string;
  /** Translation key of the thing ('user', 'role'). */
  what: string;
  disabled?: boolean;
  onChange: (status: Status) => Promise<unknown>;
  onDone?: () => unknown;
}

export function StatusSwitch(props: StatusSwitchProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(props.status === '0');
  const [busy, setBusy] = useState(false);
  useEffect(() => setChecked(props.status === '0'), [props.status]);

  const toggle = async (on: boolean) => {
    const action = t(on ? 'enable' : 'disable');
    const ok = await confirmAction({
      content: t('system_confirm_status', { action, what: t(props.what), name: props.name }),
    });
    if (!ok) return;
    setChecked(on);
    setBusy(true);
    try {
      await props.onChange(on ? '0' : '1');
      feedback.message.success(t('operation_success'));
      await props.onDone?.();
    } catch (error) {
      setChecked(!on);
      if (isApiError(error) && error.status === 409 && error.errorCode === 'CHANGED_RELOAD') await props.onDone?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Switch
      size="small"
      checked={checked}
      loading={busy}
      disabled={props.disabled}
      onChange={toggle}
      aria-label={t('status')}
      onClick={(_checked, event) => event.stopPropagation()}
    />
  );
}

/** The 'Status' column of a system list: each row's switch, `of` giving its name, permission and call. */
export const statusSwitchColumn = <Row extends { status: Status }>(
  of: (row: Row) => Omit<StatusSwitchProps, 'status'>,
): ListColumn<Row> => ({
  key: 'status',
  title: 'system_status',
  width: 90,
  ellipsis: false,
  render: (_, r) => <StatusSwitch status={r.status} {...of(r)} />,
});
