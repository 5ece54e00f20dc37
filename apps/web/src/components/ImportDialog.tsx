import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../lib/download';
import { feedback } from '../lib/feedback';
import { currentLanguage } from '../lib/i18n';
import { API_BASE, type Envelope, handleSessionExpired } from '../lib/request';
import { getToken } from '../lib/session';
import { ActionModal } from './ActionFormModal';

export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

type ImportAnswer = Envelope<{ created?: number; updated?: number; errors?: ImportRowError[] }>;

/**
 * POST the file with fetch: the per-row errors are in the answer's `data.errors` (by row and column, in the user's
 * language). A 401 ends the session here.
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

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => unknown;
  /** Translated title and the modal's width. */
  title: string;
  width: number;
  /** The import endpoint (`?updateSupport=` is added when `updateExisting` is given). */
  url: string;
  accept: string;
  /** `<prefix>-file` on the drop zone, `<prefix>-errors` on the error block. */
  testId: string;
  template: { url: string; fileName: string; label: string };
  /** Prefix of the texts' translation keys: `<prefix>_choose_file`, `_drag`, `_hint`, `_row`, `_column`, `_message`. */
  keyPrefix: string;
  /** Width of the error table's column column. */
  columnWidth: number;
  /** A checkbox 'update existing records' (its label key), sent as `updateSupport`. */
  updateExisting?: string;
  /**
   * How a refusal is shown. 'rows': the per-row errors under a count (`summary`), other refusals as a toast;
   * 'message': the server's message above the per-row errors (if any).
   */
  refusal: { kind: 'rows'; summary: (count: number) => string } | { kind: 'message' };
}

/**
 * Spreadsheet import dialog (users, orders): drag one file, download the template, import all or nothing; the rows
 * and columns the server refused are listed under the drop zone.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | undefined>();
  const [updateSupport, setUpdateSupport] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ImportRowError[]>([]);
  const [message, setMessage] = useState<string | undefined>();

  const clear = () => {
    setErrors([]);
    setMessage(undefined);
  };
  const close = () => {
    setFile(undefined);
    clear();
    setUpdateSupport(false);
    props.onClose();
  };

  const submit = async () => {
    if (!file) {
      feedback.message.warning(t(`${props.keyPrefix}_choose_file`));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    clear();
    try {
      const url = props.updateExisting ? `${props.url}?updateSupport=${updateSupport}` : props.url;
      const answer = await postImport(url, body);
      if (answer.code === 401) return;
      if (answer.code === 200) {
        feedback.message.success(answer.msg);
        await props.onImported();
        close();
        return;
      }
      const rowErrors = answer.data?.errors ?? [];
      if (props.refusal.kind === 'message') {
        setMessage(answer.msg);
        setErrors(rowErrors);
      } else if (rowErrors.length) setErrors(rowErrors);
      else feedback.message.error(answer.msg);
    } catch {
      feedback.message.error(t('msg_network_error'));
    } finally {
      setBusy(false);
    }
  };

  const title = props.refusal.kind === 'rows' ? props.refusal.summary(errors.length) : message;
  const shown = props.refusal.kind === 'rows' ? errors.length > 0 : Boolean(message);
  return (
    <ActionModal open={props.open} title={props.title} width={props.width} onCancel={close} onOk={submit} busy={busy}>
      <Upload.Dragger
        accept={props.accept}
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          clear();
          return false;
        }}
        onRemove={() => setFile(undefined)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        data-testid={`${props.testId}-file`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(`${props.keyPrefix}_drag`)}</p>
        <p className="ant-upload-hint">{t(`${props.keyPrefix}_hint`)}</p>
      </Upload.Dragger>
      <Space
        style={{ marginTop: 12, justifyContent: props.updateExisting ? 'space-between' : 'flex-end', width: '100%' }}
      >
        {props.updateExisting ? (
          <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
            {t(props.updateExisting)}
          </Checkbox>
        ) : null}
        <Button type="link" onClick={() => download(props.template.url, {}, `${props.template.fileName}.xlsx`)}>
          {t(props.template.label)}
        </Button>
      </Space>
      {shown ? (
        <div data-testid={`${props.testId}-errors`}>
          <Alert type="error" showIcon style={{ margin: '12px 0 8px' }} title={title} />
          {errors.length ? (
            <Table<ImportRowError>
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
              columns={[
                { key: 'row', dataIndex: 'row', title: t(`${props.keyPrefix}_row`), width: 70 },
                { key: 'column', dataIndex: 'column', title: t(`${props.keyPrefix}_column`), width: props.columnWidth },
                {
                  key: 'message',
                  dataIndex: 'message',
                  title: t(`${props.keyPrefix}_message`),
                  render:
                    props.refusal.kind === 'message'
                      ? (v: string) => <Typography.Text>{v}</Typography.Text>
                      : undefined,
                },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </ActionModal>
  );
}
