import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { currentLanguage } from '../../../lib/i18n';
import { API_BASE, type Envelope, handleSessionExpired } from '../../../lib/request';
import { getToken } from '../../../lib/session';

interface RowError {
  row: number;
  column: string;
  message: string;
}

type ImportAnswer = Envelope<{ created: number; updated: number } | { errors?: RowError[] }>;

/**
 * POST the file with fetch: the shared request client's ApiError does not carry the body's `data`, and the
 * per-row errors are in `data.errors` (see the report to the shell engineer).
 */
async function postImport(url: string, body: FormData): Promise<ImportAnswer> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${url}`, {
    method: 'POST',
    body,
    headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const answer = (await response.json()) as ImportAnswer;
  if (answer.code === 401) handleSessionExpired();
  return answer;
}

/**
 * User import (screens §4.1): drag an .xls/.xlsx file, 'update existing users', template download. The
 * server saves nothing unless every row is valid; the rows and columns it refused are listed here.
 */
export function UserImportDialog(props: { open: boolean; onClose: () => void; onImported: () => unknown }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[]>([]);

  const close = () => {
    setFile(undefined);
    setErrors([]);
    setUpdateSupport(false);
    props.onClose();
  };

  const submit = async () => {
    if (!file) {
      feedback.message.warning(t('system_import_choose_file'));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    setErrors([]);
    try {
      const answer = await postImport(`/system/user/importData?updateSupport=${updateSupport}`, body);
      if (answer.code === 200) {
        feedback.message.success(answer.msg);
        await props.onImported();
        close();
        return;
      }
      const rowErrors = (answer.data as { errors?: RowError[] } | undefined)?.errors;
      if (rowErrors?.length) setErrors(rowErrors);
      else if (answer.code !== 401) feedback.message.error(answer.msg);
    } catch {
      feedback.message.error(t('msg_network_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('system_import_users')}
      width={620}
      onCancel={close}
      onOk={submit}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".xls,.xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          setErrors([]);
          return false;
        }}
        onRemove={() => setFile(undefined)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        data-testid="user-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('system_import_drag')}</p>
        <p className="ant-upload-hint">{t('system_import_hint')}</p>
      </Upload.Dragger>
      <Space style={{ marginTop: 12, justifyContent: 'space-between', width: '100%' }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          {t('system_import_update_existing')}
        </Checkbox>
        <Button
          type="link"
          onClick={() => download('/system/user/importTemplate', {}, `${t('system_user_import_template')}.xlsx`)}
        >
          {t('download_template')}
        </Button>
      </Space>
      {errors.length ? (
        <div data-testid="user-import-errors">
          <Alert
            type="error"
            showIcon
            style={{ margin: '12px 0 8px' }}
            title={t('system_import_failed', { count: errors.length })}
          />
          <Table<RowError>
            size="small"
            rowKey={(e) => `${e.row}-${e.column}`}
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('system_import_row'), width: 70 },
              { key: 'column', dataIndex: 'column', title: t('system_import_column'), width: 130 },
              { key: 'message', dataIndex: 'message', title: t('system_import_message') },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
