import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton, Space } from 'antd';
import { http } from '../../../lib/request';
import { exceptionKeys } from './api';

/** A problem-item photo fetched with the session (the download needs the bearer token), shown from a blob URL. */
function Photo({ fileId, size }: { fileId: string; size: number }) {
  const { data } = useQuery({
    queryKey: exceptionKeys.custom('photo', fileId),
    queryFn: async () => {
      const res = await http.get<Blob>(`/file/download/${fileId}`, { responseType: 'blob', params: { inline: '1' } });
      return URL.createObjectURL(res.data);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? (
    <Image
      src={data}
      width={size}
      height={size}
      style={{ objectFit: 'cover' }}
      data-testid={`exception-photo-${fileId}`}
    />
  ) : (
    <Skeleton.Image style={{ width: size, height: size }} />
  );
}

/** The photos of an order's problem items as small thumbnails (click to enlarge). */
export function ExceptionPhotos({ fileIds, size = 32 }: { fileIds: readonly string[]; size?: number }) {
  if (!fileIds.length) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {fileIds.map((id) => (
          <Photo key={id} fileId={id} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
