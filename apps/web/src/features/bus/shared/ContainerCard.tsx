import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { containerName } from './container-fields';

/**
 * The frame of a container's details screen (loadDetails, track-details, arriveDetails): the screen's name and the
 * container's number (copyable) as the title, the screen's buttons on the right.
 */
export function ContainerCard(props: {
  title: string;
  record: Parameters<typeof containerName>[0];
  testId: string;
  extra: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      className="bus-page"
      data-testid={props.testId}
      title={
        <Space>
          <span>{props.title}</span>
          <Typography.Text copyable>{containerName(props.record)}</Typography.Text>
        </Space>
      }
      extra={props.extra}
    >
      {props.children}
    </Card>
  );
}
