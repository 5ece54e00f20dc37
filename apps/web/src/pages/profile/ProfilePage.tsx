import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ZProfileUpdate } from '@theone/contracts/system/profile.schemas';
import { Avatar, Button, Card, Form, Input, Radio, Skeleton, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAvatarUrl } from '../../app/layout/avatar';
import { DetailView } from '../../components/DetailView';
import { zodRule } from '../../components/form-rules';
import { LocalizedNameFields } from '../../components/LocalizedNameFields';
import { PasswordStrengthMeter } from '../../components/PasswordStrength';
import { confirmPasswordRules, newPasswordRules } from '../../components/password-rules';
import { feedback } from '../../lib/feedback';
import { useLocalName } from '../../lib/localized';
import { type ProfileUpdate, updateOwnPassword, updateProfile, uploadAvatar, useProfile } from '../../lib/profile-api';
import { shellKeys } from '../../lib/query-keys';
import { authStore, type SessionUser } from '../../lib/session';
import { textsOf } from '../../lib/texts-of';
import './profile.css';

/**
 * /profile, the personal centre (issue 3 item 12): nickName, account, phone, e-mail, roles, department;
 * edit basic information, change password, upload an avatar. `?tab=password` opens the password tab.
 */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

function AvatarUpload({ user }: { user: SessionUser | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const avatar = useAvatarUrl(user?.avatar);
  return (
    <Upload
      accept={AVATAR_TYPES.join(',')}
      showUploadList={false}
      beforeUpload={(file) => {
        if (!AVATAR_TYPES.includes(file.type)) {
          feedback.message.error(t('msg_avatar_type'));
          return Upload.LIST_IGNORE;
        }
        if (file.size > AVATAR_MAX_BYTES) {
          feedback.message.error(t('msg_file_too_large', { size: '2 MB' }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const url = await uploadAvatar(file as Blob, (file as File).name);
          const current = authStore.get().user;
          if (current) authStore.set({ user: { ...current, avatar: url } });
          await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
          feedback.message.success(t('operation_success'));
          onSuccess?.(url);
        } catch (error) {
          onError?.(error as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <button type="button" className="profile-avatar" aria-label={t('profile_change_avatar')} disabled={busy}>
        <Avatar size={96} src={avatar} icon={<UserOutlined />} />
        <span className="profile-avatar-mask">
          <CameraOutlined />
        </span>
      </button>
    </Upload>
  );
}

/** getInfo and the profile answer the display name in the three languages too (ADR 0007). */
type ProfileUser = SessionUser & { nickNameEn?: string; nickNameTh?: string };

function BasicInfoForm({ user }: { user: ProfileUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileUpdate>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    form.setFieldsValue({
      nickName: user.nickName,
      ...textsOf(user, ['nickNameEn', 'nickNameTh', 'phonenumber', 'email']),
      sex: user.sex ?? '0',
    });
  }, [form, user]);
  const onFinish = async (values: ProfileUpdate) => {
    setBusy(true);
    try {
      await updateProfile(values);
      const current = authStore.get().user;
      if (current) authStore.set({ user: { ...current, ...values } });
      await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
      feedback.message.success(t('operation_success'));
    } finally {
      setBusy(false);
    }
  };
  /** A text that may stay empty, checked as the server checks it. */
  const optionalText = (name: 'phonenumber' | 'email', label: string, max: number) => (
    <Form.Item name={name} label={t(label)} rules={[zodRule(ZProfileUpdate.shape[name], t, { optional: true })]}>
      <Input maxLength={max} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} className="profile-form">
      <LocalizedNameFields name="nickName" label="field_nick_name" maxLength={30} translatedMaxLength={60} />
      {optionalText('phonenumber', 'field_phone', 20)}
      {optionalText('email', 'field_email', 50)}
      <Form.Item name="sex" label={t('field_sex')}>
        <Radio.Group
          options={[
            { value: '0', label: t('sex_male') },
            { value: '1', label: t('sex_female') },
            { value: '2', label: t('sex_unknown') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('save')}
      </Button>
    </Form>
  );
}

function PasswordForm({ user }: { user: (SessionUser & { nickNameEn?: string; nickNameTh?: string }) | undefined }) {
  const { t } = useTranslation();
  // The account the server judges the new password for.
  const account = { userName: user?.userName, names: [user?.nickName, user?.nickNameEn, user?.nickNameTh] };
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirmPassword: string }>();
  const [busy, setBusy] = useState(false);
  const newPassword = Form.useWatch('newPassword', form);
  return (
    <Form
      form={form}
      layout="vertical"
      className="profile-form"
      onFinish={async (values) => {
        setBusy(true);
        try {
          await updateOwnPassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
          feedback.message.success(t('msg_password_changed'));
          form.resetFields();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item
        name="oldPassword"
        label={t('field_old_password')}
        rules={[{ required: true, message: t('msg_enter_old_password') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="newPassword" label={t('field_new_password')} rules={newPasswordRules(t, account)}>
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <PasswordStrengthMeter value={newPassword} context={account} />
      <Form.Item
        name="confirmPassword"
        label={t('field_confirm_password')}
        dependencies={['newPassword']}
        rules={confirmPasswordRules(t)}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('save')}
      </Button>
    </Form>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const profile = useProfile();
  const sessionUser = authStore.use((s) => s.user);
  const user = profile.data?.data ?? sessionUser;
  const localName = useLocalName();
  const tab = params.get('tab') === 'password' ? 'password' : 'info';
  return (
    <div className="profile-page">
      <Card className="profile-card" title={t('profile')}>
        <div className="profile-head">
          <AvatarUpload user={sessionUser} />
          <div className="profile-name">{localName(user, 'nickName')}</div>
        </div>
        {user ? (
          <DetailView
            column={1}
            data={{
              userName: user.userName,
              phonenumber: user.phonenumber,
              email: user.email,
              deptName: localName(user.dept, 'deptName'),
              roleGroup: profile.data?.roleGroup,
              createTime: user.createTime,
            }}
            items={[
              { name: 'userName', label: 'field_account' },
              { name: 'phonenumber', label: 'field_phone' },
              { name: 'email', label: 'field_email' },
              { name: 'deptName', label: 'department' },
              { name: 'roleGroup', label: 'role' },
              { name: 'createTime', label: 'created_at', type: 'datetime' },
            ]}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
      <Card className="profile-edit">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'password' ? { tab: 'password' } : {}, { replace: true })}
          items={[
            {
              key: 'info',
              label: t('profile_basic_info'),
              children: user ? <BasicInfoForm user={user} /> : <Skeleton active />,
            },
            { key: 'password', label: t('change_password'), children: <PasswordForm user={user} /> },
          ]}
        />
      </Card>
    </div>
  );
}
