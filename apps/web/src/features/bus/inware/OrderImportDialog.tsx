import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
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

/**
 * Order import (orderAdd, unOrder 'Import'): the template, one .xlsx of up to 5,000 rows, all or nothing. The file
 * goes with fetch because the per-row errors are in the answer's `data.errors` (by row and column, in the user's
 * language), which the shared client's errors do not carry.
 */
export function OrderImportDialog(props: { open: boolean; onClose: () => void; onImported: () => unknown }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [message, setMessage] = useState<string | undefined>();

  const close = () => {
    setFile(undefined);
    setErrors([]);
    setMessage(undefined);
    props.onClose();
  };

  const submit = async () => {
    if (!file) {
      feedback.message.warning(t('bus_import_choose_file'));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    setErrors([]);
    setMessage(undefined);
    try {
      const token = getToken();
      const response = await fetch(`${API_BASE}/bus/inware/import`, {
        method: 'POST',
        body,
        headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      const answer = (await response.json()) as Envelope<{ created?: number; errors?: RowError[] }>;
      if (answer.code === 401) {
        handleSessionExpired();
        return;
      }
      if (answer.code === 200) {
        feedback.message.success(answer.msg);
        await props.onImported();
        close();
        return;
      }
      setMessage(answer.msg);
      setErrors(answer.data?.errors ?? []);
    } catch {
      feedback.message.error(t('msg_network_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('bus_import_orders')}
      width={680}
      onCancel={close}
      onOk={submit}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          setErrors([]);
          setMessage(undefined);
          return false;
        }}
        onRemove={() => setFile(undefined)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        data-testid="order-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('bus_import_drag')}</p>
        <p className="ant-upload-hint">{t('bus_import_hint')}</p>
      </Upload.Dragger>
      <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
        <Button
          type="link"
          onClick={() => download('/bus/inware/importTemplate', {}, `${t('bus_order_import_template')}.xlsx`)}
        >
          {t('bus_download_template')}
        </Button>
      </Space>
      {message ? (
        <div data-testid="order-import-errors">
          <Alert type="error" showIcon style={{ margin: '12px 0 8px' }} title={message} />
          {errors.length ? (
            <Table<RowError>
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('bus_import_row'), width: 70 },
                { key: 'column', dataIndex: 'column', title: t('bus_import_column'), width: 150 },
                {
                  key: 'message',
                  dataIndex: 'message',
                  title: t('bus_import_message'),
                  render: (v: string) => <Typography.Text>{v}</Typography.Text>,
                },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
