import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../lib/download';
import { feedback } from '../lib/feedback';
import { type Envelope, request } from '../lib/request';

/**
 * A form control that uploads to `POST /file/upload` (multipart `file`) and holds the stored files:
 *   <Form.Item name="payFiles"><UploadField maxCount={5} accept=".pdf,.jpg,.png" maxSizeMb={10} /></Form.Item>
 * The value is `UploadedFile[]` (send `fileIds(value)` to the server); clicking a file downloads it with
 * the session's token (`GET /file/download/{fileId}`).
 */
export interface UploadedFile {
  fileId: string | number;
  name: string;
  url?: string;
  size?: number;
  contentType?: string;
}

export interface UploadFieldProps {
  value?: UploadedFile[] | null;
  onChange?: (files: UploadedFile[]) => void;
  maxCount?: number;
  accept?: string;
  maxSizeMb?: number;
  disabled?: boolean;
  listType?: 'text' | 'picture';
}

export const fileIds = (files: readonly UploadedFile[] | null | undefined) => (files ?? []).map((f) => f.fileId);

export async function uploadFile(
  file: Blob,
  name: string,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, name);
  const answer = await request.post<Envelope<UploadedFile>>('/file/upload', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => e.total && onProgress?.(Math.round((e.loaded / e.total) * 100)),
  });
  if (!answer.data) throw new Error('upload answered without data');
  return answer.data;
}

export function UploadField({
  value,
  onChange,
  maxCount = 1,
  accept,
  maxSizeMb = 20,
  disabled,
  listType = 'text',
}: UploadFieldProps) {
  const { t } = useTranslation();
  const files = value ?? [];
  const fileList = useMemo<UploadFile[]>(
    () =>
      files.map((f) => ({ uid: String(f.fileId), name: f.name, status: 'done', size: f.size, type: f.contentType })),
    [files],
  );
  const full = files.length >= maxCount;
  return (
    <Upload
      accept={accept}
      multiple={maxCount > 1}
      disabled={disabled}
      listType={listType}
      fileList={fileList}
      beforeUpload={(file) => {
        if (maxSizeMb && file.size > maxSizeMb * 1024 * 1024) {
          feedback.message.error(t('msg_file_too_large', { size: `${maxSizeMb} MB` }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError, onProgress }) => {
        try {
          const stored = await uploadFile(file as Blob, (file as File).name, (percent) => onProgress?.({ percent }));
          const next = [...(value ?? []), stored].slice(-maxCount);
          onChange?.(next);
          onSuccess?.(stored);
        } catch (error) {
          onError?.(error as Error);
        }
      }}
      onRemove={(file) => {
        onChange?.(files.filter((f) => String(f.fileId) !== file.uid));
        return true;
      }}
      onPreview={(file) => {
        downloadFile(file.uid, file.name);
      }}
    >
      {full || disabled ? null : <Button icon={<UploadOutlined />}>{t('upload')}</Button>}
    </Upload>
  );
}
