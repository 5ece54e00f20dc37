import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOAD_FILE_KINDS, loadAllows } from '@theone/contracts/bus/load';
import { Button, Empty, Popconfirm, Segmented, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImageGroup } from '../../../components/AuthImage';
import { uploadFile } from '../../../components/UploadField';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { addLoadFiles, deleteLoadFile, type LoadWire } from './api';

const KINDS = Object.values(LOAD_FILE_KINDS);
const MAX_MB = 10;

export interface LoadPhotosProps {
  load: { id: number; status: number };
  files: readonly LoadWire['LoadFileRow'][];
  /** after a change, with the load's photos as the server answered them */
  onChanged: (files: LoadWire['LoadFileRow'][]) => void;
}

/**
 * The 'Photos' section of loadplanDetails and loadDetails (screens §3 'files'): the container, seal, loading and
 * other photos of the load as thumbnails by kind (click to enlarge); plan or container editors upload images under
 * the chosen kind (phone cameras included) and delete one, while the load allows it (LOAD_OPERATIONS.files).
 */
export function LoadPhotos({ load, files, onChanged }: LoadPhotosProps) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const [kind, setKind] = useState<string>(LOAD_FILE_KINDS.container);
  const [busy, setBusy] = useState(0);
  const canEdit = (hasPermi('bus:loadplan:edit') || hasPermi('bus:load:edit')) && loadAllows('files', load.status);
  const groups = KINDS.map((k) => ({ kind: k, rows: files.filter((f) => f.kind === k) })).filter((g) => g.rows.length);

  const remove = async (id: number) => onChanged(await deleteLoadFile(id));

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="load-photos">
      {canEdit ? (
        <Space wrap>
          <Typography.Text type="secondary">{t('load_files_kind')}</Typography.Text>
          <Segmented
            value={kind}
            onChange={(v) => setKind(String(v))}
            options={KINDS.map((k) => ({ value: k, label: t(`load_file_kind_${k}`) }))}
            data-testid="load-photos-kind"
          />
          <Upload
            accept="image/*"
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              if (!file.type.startsWith('image/')) {
                feedback.message.error(t('load_err_photo_image'));
                return Upload.LIST_IGNORE;
              }
              if (file.size > MAX_MB * 1024 * 1024) {
                feedback.message.error(t('msg_file_too_large', { size: `${MAX_MB} MB` }));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={async ({ file, onSuccess, onError }) => {
              setBusy((n) => n + 1);
              try {
                const stored = await uploadFile(file as Blob, (file as File).name);
                onChanged(await addLoadFiles(load.id, kind, [String(stored.fileId)]));
                onSuccess?.(stored);
              } catch (err) {
                onError?.(err as Error);
              } finally {
                setBusy((n) => n - 1);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy > 0} data-testid="load-photos-upload">
              {t('load_files_upload')}
            </Button>
          </Upload>
        </Space>
      ) : null}
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('load_files_empty')} />
      ) : (
        groups.map((g) => (
          <div key={g.kind} data-testid={`load-photos-${g.kind}`}>
            <Typography.Text strong>
              {t(`load_file_kind_${g.kind}`)} ({g.rows.length})
            </Typography.Text>
            <div style={{ marginTop: 6 }}>
              <AuthImageGroup
                fileIds={g.rows.map((r) => r.fileId)}
                size={88}
                testIdPrefix={`load-photo-${g.kind}`}
                extra={(_, i) => {
                  const row = g.rows[i]!;
                  return (
                    <Space size={4}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.createBy}
                      </Typography.Text>
                      {canEdit ? (
                        <Popconfirm
                          title={t('load_files_delete_confirm')}
                          okText={t('confirm')}
                          cancelText={t('cancel')}
                          onConfirm={() => remove(row.id)}
                        >
                          <Button
                            size="small"
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('delete')}
                            data-testid={`load-photo-delete-${row.id}`}
                          />
                        </Popconfirm>
                      ) : null}
                    </Space>
                  );
                }}
              />
            </div>
          </div>
        ))
      )}
    </Space>
  );
}
