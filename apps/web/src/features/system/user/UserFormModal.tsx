import { useQuery } from '@tanstack/react-query';
import { zAccount, zEmail, zMobile } from '@theone/contracts/common/validators';
import { Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeptTreeSelect } from '../../../components/DeptTreeSelect';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal } from '../../../components/FormDialog';
import { zodRule } from '../../../components/form-rules';
import { GridField, useRequiredRule } from '../../../components/GridField';
import { LocalizedNameFields } from '../../../components/LocalizedNameFields';
import { PasswordStrengthMeter } from '../../../components/PasswordStrength';
import { newPasswordRules } from '../../../components/password-rules';
import { pick } from '../../../lib/pick';
import { textsOf } from '../../../lib/texts-of';
import { type Status, systemApi, userKeys } from '../api';
import { StatusGridField } from '../shared/grid-fields';

interface UserForm {
  userName?: string;
  password?: string;
  nickName: string;
  nickNameEn?: string;
  nickNameTh?: string;
  deptId?: number | null;
  phonenumber?: string;
  email?: string;
  sex?: '0' | '1' | '2';
  status?: Status;
  postIds?: number[];
  roleIds?: number[];
  remark?: string;
}

/** Add/edit a user (screens §4.1 form, modal 600 px). The user name and password only when adding. */
export function UserFormModal(props: { open: boolean; userId?: number; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const editing = props.userId !== undefined;
  const [form] = Form.useForm<UserForm>();
  const password = Form.useWatch('password', form);
  const newUserName = Form.useWatch('userName', form);
  const newNickNames = [
    Form.useWatch('nickName', form),
    Form.useWatch('nickNameEn', form),
    Form.useWatch('nickNameTh', form),
  ];
  const detail = useQuery({
    queryKey: userKeys.detail(props.userId ?? 'new'),
    queryFn: () => (editing ? systemApi.user(props.userId!) : systemApi.userOptions()),
    enabled: props.open,
    staleTime: 0,
  });
  const initPassword = useQuery({
    queryKey: userKeys.custom('initPassword'),
    queryFn: () => systemApi.configValue('sys.user.initPassword'),
    enabled: props.open && !editing,
    staleTime: 60_000,
  });
  const answer = detail.data as
    | (Awaited<ReturnType<typeof systemApi.user>> & Awaited<ReturnType<typeof systemApi.userOptions>>)
    | undefined;

  const initialValues = useMemo<Partial<UserForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (!editing) return { sex: '2', status: '0', postIds: [], roleIds: [], password: initPassword.data ?? '' };
    const u = answer?.data;
    if (!u) return undefined;
    return {
      ...pick(u, ['nickName', 'nickNameEn', 'nickNameTh', 'deptId', 'phonenumber', 'email', 'sex', 'status', 'remark']),
      postIds: answer?.postIds ?? [],
      roleIds: answer?.roleIds ?? [],
    };
  }, [props.open, editing, answer, initPassword.data]);

  // Only the roles the caller may give: the server lists those and the ones the user already holds, which the
  // caller cannot change (grantable false: shown, not removable).
  const roleOptions = (answer?.roles ?? []).map((r) => ({
    value: r.roleId,
    label: r.roleName,
    disabled: r.status === '1' || r.grantable === false,
  }));
  const postOptions = (answer?.posts ?? []).map((p) => ({
    value: p.postId,
    label: p.postName,
    disabled: p.status === '1',
  }));

  const submit = async (v: UserForm) => {
    const body = {
      nickName: v.nickName,
      ...textsOf(v, ['nickNameEn', 'nickNameTh', 'phonenumber', 'email', 'remark']),
      deptId: v.deptId ?? null,
      sex: v.sex ?? '2',
      status: v.status ?? '0',
      postIds: v.postIds ?? [],
      roleIds: v.roleIds ?? [],
    };
    if (editing) return systemApi.editUser({ ...body, userId: props.userId!, version: answer?.data?.version ?? 0 });
    return systemApi.addUser({ ...body, userName: v.userName ?? '', password: v.password || undefined });
  };

  const required = useRequiredRule(true);
  return (
    <FormModal<UserForm>
      open={props.open && Boolean(initialValues)}
      title={t(editing ? 'system_edit_user' : 'system_add_user')}
      form={form}
      width={680}
      labelCol={{ flex: '96px' }}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Row gutter={12}>
        <Col span={24}>
          <LocalizedNameFields name="nickName" label="system_nick_name" maxLength={30} translatedMaxLength={60} />
        </Col>
        <GridField name="deptId" label="system_dept">
          <DeptTreeSelect />
        </GridField>
        <GridField name="phonenumber" label="system_phonenumber" rules={[zodRule(zMobile, t, { optional: true })]}>
          <Input maxLength={20} />
        </GridField>
        <GridField name="email" label="system_email" rules={[zodRule(zEmail, t, { optional: true })]}>
          <Input maxLength={50} />
        </GridField>
        {editing ? null : (
          <>
            <GridField
              name="userName"
              label="system_user_name"
              rules={[required('system_user_name'), zodRule(zAccount, t, { optional: true })]}
            >
              <Input maxLength={16} autoComplete="off" />
            </GridField>
            <GridField
              name="password"
              label="system_password"
              tooltip={t('system_hint_initial_password')}
              dependencies={['userName', 'nickName']}
              rules={newPasswordRules(
                t,
                () => ({
                  userName: form.getFieldValue('userName'),
                  names: [
                    form.getFieldValue('nickName'),
                    form.getFieldValue('nickNameEn'),
                    form.getFieldValue('nickNameTh'),
                  ],
                }),
                { requiredMessage: t('err_required', { field: t('system_password') }) },
              )}
              extra={
                <PasswordStrengthMeter value={password} context={{ userName: newUserName, names: newNickNames }} />
              }
            >
              <Input.Password maxLength={64} autoComplete="new-password" />
            </GridField>
          </>
        )}
        <GridField name="sex" label="system_sex">
          <DictSelect type="sys_user_sex" allowClear={false} />
        </GridField>
        <StatusGridField />
        <GridField name="postIds" label="system_posts">
          <Select mode="multiple" options={postOptions} placeholder={t('please_select')} optionFilterProp="label" />
        </GridField>
        <GridField name="roleIds" label="system_roles">
          <Select mode="multiple" options={roleOptions} placeholder={t('please_select')} optionFilterProp="label" />
        </GridField>
        <GridField span={24} name="remark" label="system_remark">
          <Input.TextArea maxLength={500} rows={2} />
        </GridField>
      </Row>
    </FormModal>
  );
}
