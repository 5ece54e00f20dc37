import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../lib/i18n';

/**
 * Catches a page's render errors and failed chunk loads (spec §8: ChunkLoadError) so the rest of the
 * shell keeps working; offers a reload.
 */
interface State {
  error: Error | undefined;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[page]', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /dynamically imported module|Importing a module script failed|ChunkLoadError|Failed to fetch/i.test(
      error.message,
    );
    return (
      <Result
        status="error"
        title={translate(chunk ? 'msg_chunk_load_failed' : 'msg_page_crashed')}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {translate('refresh')}
          </Button>
        }
      />
    );
  }
}
