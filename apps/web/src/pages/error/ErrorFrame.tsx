import { Result } from 'antd';
import type { ReactNode } from 'react';
import './error.css';

/** Frame of /404 and /401: antd's illustration, the spec's text, actions. */
export function ErrorFrame(props: { status: '404' | '403'; title: string; text: string; actions: ReactNode }) {
  return (
    <div className="error-page">
      <Result status={props.status} title={props.title} subTitle={props.text} extra={props.actions} />
    </div>
  );
}
