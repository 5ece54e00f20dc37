import { Image, Space } from 'antd';
import { AuthImage } from '../../../components/AuthImage';

/** The photos of an order's problem items as small thumbnails (click to enlarge). */
export function ExceptionPhotos({ fileIds, size = 32 }: { fileIds: readonly string[]; size?: number }) {
  if (!fileIds.length) return <>-</>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {fileIds.map((id) => (
          <AuthImage key={id} fileId={id} size={size} testId={`exception-photo-${id}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
