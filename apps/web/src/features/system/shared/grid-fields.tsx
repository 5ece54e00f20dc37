import { zSort } from '@theone/contracts/system/common';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/form-rules';
import { GridField, useRequiredRule } from '../../../components/GridField';
import { IntegerInput } from '../../../components/NumberInput';
import { DictRadio } from './DictRadio';

/** Fields the system forms' grids share. */

/** The status (normal / disabled). */
export function StatusGridField() {
  return (
    <GridField name="status" label="system_status">
      <DictRadio type="sys_normal_disable" />
    </GridField>
  );
}

/** The display order (`orderNum`): required, a whole number the server accepts. */
export function SortGridField() {
  const { t } = useTranslation();
  const required = useRequiredRule();
  return (
    <GridField name="orderNum" label="system_sort" rules={[required('system_sort'), zodRule(zSort, t)]}>
      <IntegerInput />
    </GridField>
  );
}
