import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowLink {
  key: string;
  /** Translation key. */
  label: string;
  onClick: () => unknown;
  /** Left out when false (a permission or the row's state). */
  show?: boolean;
  danger?: boolean;
}

/** A table row's action links (small link buttons in one line), for tables not built with ListPage's rowActions. */
export function RowLinks({ links, children }: { links: RowLink[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space size={0} className="list-row-actions">
      {links
        .filter((l) => l.show !== false)
        .map((l) => (
          <Button key={l.key} type="link" size="small" danger={l.danger} onClick={l.onClick}>
            {t(l.label)}
          </Button>
        ))}
      {children}
    </Space>
  );
}
