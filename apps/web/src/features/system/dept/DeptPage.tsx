import { useQuery } from '@tanstack/react-query';
import { isPhone, zEmail } from '@theone/contracts/common/validators';
import { Col, Input, Row, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormDialog';
import { zodRule } from '../../../components/form-rules';
import { GridField, useRequiredRule } from '../../../components/GridField';
import { type TreeDialogProps, useTreeScreen } from '../../../components/tree-list';
import { useLocalName } from '../../../lib/localized';
import { pick } from '../../../lib/pick';
import { shellKeys } from '../../../lib/query-keys';
import { textsOf } from '../../../lib/texts-of';
import { deptKeys, systemApi, type TDept } from '../api';
import '../system.css';
import { LocalizedNameFields } from '../../../components/LocalizedNameFields';
import { SortGridField, StatusGridField } from '../shared/grid-fields';
import { TreeTablePage } from '../shared/TreeTablePage';
import { toTreeRows } from '../shared/tree';

/**
 * Departments (screens §4.6): a tree table inside the caller's data scope; add, add child, edit (the parent
 * tree leaves out the department and everything below it), delete (not the root; refused by the server while
 * it has sub-departments or users).
 */
type DeptForm = Pick<
  TDept,
  'parentId' | 'deptName' | 'deptNameEn' | 'deptNameTh' | 'orderNum' | 'leader' | 'phone' | 'email' | 'status'
>;

interface DeptOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: DeptOption[];
}

function deptOptions(rows: TDept[], name: (d: TDept) => string): DeptOption[] {
  const tree = toTreeRows(rows as unknown as Record<string, unknown>[], 'deptId', 'parentId') as unknown as TDept[];
  const map = (list: TDept[]): DeptOption[] =>
    list.map((d) => ({
      value: d.deptId,
      title: name(d),
      disabled: d.status === '1',
      children: d.children?.length ? map(d.children) : undefined,
    }));
  return map(tree);
}

function DeptFormModal(props: TreeDialogProps<TDept>) {
  const { t } = useTranslation();
  const dept = props.row;
  const isRoot = dept?.parentId === 0;
  const parents = useQuery({
    queryKey: deptKeys.custom('parents', dept?.deptId ?? 'new'),
    queryFn: () => (dept ? systemApi.deptsExcluding(dept.deptId) : systemApi.depts()),
    enabled: props.open && !isRoot,
    staleTime: 0,
  });
  const localName = useLocalName();
  const options = useMemo(
    () => deptOptions(parents.data ?? [], (d) => localName(d, 'deptName')),
    [parents.data, localName],
  );
  const initialValues = useMemo<Partial<DeptForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (dept) {
      return pick(dept, [
        'parentId',
        'deptName',
        'deptNameEn',
        'deptNameTh',
        'orderNum',
        'leader',
        'phone',
        'email',
        'status',
      ]);
    }
    return { parentId: props.parentId, orderNum: 0, status: '0' };
  }, [props.open, dept, props.parentId]);
  const submit = (v: DeptForm) => {
    const body = { ...v, ...textsOf(v, ['deptNameEn', 'deptNameTh', 'leader', 'phone', 'email']) };
    return dept
      ? systemApi.editDept({
          ...body,
          parentId: isRoot ? 0 : v.parentId,
          deptId: dept.deptId,
          version: dept.version,
        })
      : systemApi.addDept(body);
  };
  const required = useRequiredRule();
  return (
    <FormModal<DeptForm>
      open={props.open}
      title={t(dept ? 'system_edit_dept' : 'system_add_dept')}
      width={640}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Row gutter={12}>
        {isRoot ? null : (
          <GridField span={24} name="parentId" label="system_parent_dept" rules={[required('system_parent_dept')]}>
            <TreeSelect
              treeData={options}
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              placeholder={t('please_select')}
            />
          </GridField>
        )}
        <Col span={24}>
          <LocalizedNameFields name="deptName" label="system_dept_name" maxLength={50} translatedMaxLength={100} />
        </Col>
        <SortGridField />
        <GridField name="leader" label="system_leader">
          <Input maxLength={30} />
        </GridField>
        <GridField
          name="phone"
          label="system_dept_phone"
          rules={[
            {
              validator: async (_r, v: string) => {
                if (v && !isPhone(v)) throw new Error(t('err_phone'));
              },
            },
          ]}
        >
          <Input maxLength={20} />
        </GridField>
        <GridField name="email" label="system_email" rules={[zodRule(zEmail, t, { optional: true })]}>
          <Input maxLength={50} />
        </GridField>
        <StatusGridField />
      </Row>
    </FormModal>
  );
}

export default function DeptPage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const { rows, editing, tableProps, lastColumns } = useTreeScreen<TDept>({
    queryKey: deptKeys.list,
    fetch: systemApi.depts,
    idKey: 'deptId',
    parentKey: 'parentId',
    invalidate: [deptKeys.all, shellKeys.deptTree],
    perm: 'system:dept',
    confirmRemove: (d) => t('system_confirm_delete_dept', { name: localName(d, 'deptName') }),
    removeRow: (d) => systemApi.deleteDept(d.deptId),
    allow: { remove: (d) => d.parentId !== 0 },
  });
  return (
    <>
      <TreeTablePage<TDept>
        id="system/dept"
        {...tableProps}
        nameField="deptName"
        nameLabel="system_dept_name"
        onAdd={() => editing.add(rows[0]?.deptId)}
        expandAll
        columns={[
          {
            key: 'deptName',
            dataIndex: 'deptName',
            title: t('system_dept_name'),
            width: 260,
            render: (_: string, d: TDept) => localName(d, 'deptName'),
          },
          { key: 'orderNum', dataIndex: 'orderNum', title: t('system_sort'), width: 90 },
          { key: 'leader', dataIndex: 'leader', title: t('system_leader'), width: 120 },
          ...lastColumns,
        ]}
      />
      <DeptFormModal {...editing.dialog} />
    </>
  );
}
