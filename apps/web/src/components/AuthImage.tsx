import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { http } from '../lib/request';

/**
 * An uploaded image shown from `GET /file/download/{fileId}` (the download needs the session's bearer token, so the
 * image is fetched as a blob and shown from an object URL; cached for the session). Click to enlarge.
 */
export function AuthImage({
  fileId,
  size = 64,
  testId,
  placeholder,
}: {
  fileId: string;
  size?: number;
  testId?: string;
  /** shown until the image is read (default a grey image box) */
  placeholder?: ReactNode;
}) {
  const { data } = useQuery({
    queryKey: ['file-blob', fileId],
    queryFn: async () => {
      const res = await http.get<Blob>(`/file/download/${fileId}`, { responseType: 'blob', params: { inline: '1' } });
      return URL.createObjectURL(res.data);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? (
    <Image src={data} width={size} height={size} style={{ objectFit: 'cover' }} data-testid={testId} />
  ) : (
    (placeholder ?? <Skeleton.Image style={{ width: size, height: size }} />)
  );
}

/** Thumbnails previewed as one group (arrows between them); `extra(fileId)` adds a control under each. */
export function AuthImageGroup({
  fileIds,
  size = 64,
  extra,
  testIdPrefix,
}: {
  fileIds: readonly string[];
  size?: number;
  extra?: (fileId: string, index: number) => ReactNode;
  testIdPrefix?: string;
}) {
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap align="start">
        {fileIds.map((id, i) => (
          <Space key={id} direction="vertical" size={2} align="center">
            <AuthImage fileId={id} size={size} testId={testIdPrefix ? `${testIdPrefix}-${i}` : undefined} />
            {extra?.(id, i)}
          </Space>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
