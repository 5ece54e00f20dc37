import { Spin } from 'antd';

/** Spinner shown while a lazily loaded page or the session's routes load. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? 'theone-page-loading theone-page-loading-full' : 'theone-page-loading'} role="status">
      <Spin />
    </div>
  );
}
