import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Dropdown, Space, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../lib/languages';
import { type PermissionValue, usePermission } from '../../../lib/permission';
import { useLanguage } from '../../../lib/use-language';
import { KINDS_WITH_LANGUAGE, openPrint, PRINT_BUTTON_KEY, PRINT_PERMS, type PrintKind } from './print-api';

/**
 * Print buttons of the order screens (orderAdd, unOrder, inOrder, noMarkOrder, orderList, orderInfo,
 * orderDetails): each POSTs its print call and opens the PDF in a new tab.
 *
 *   // toolbar of a list: the selected rows
 *   <PrintButtons ids={ctx.selectedRows.map((r) => r.id)} kinds={['label', 'pieces', 'receipt']}
 *                 perms={{ label: 'bus:inOrder:print' }} onPrinted={() => ctx.refetch()} />
 *   // a details page: one order, with its print count
 *   <PrintButtons ids={[order.id]} kinds={['label', 'pieces', 'receipt', 'fee']} printTimes={order.printTimes} />
 *
 * Props:
 * - `ids`: the orders (empty: the click says 'Please select data first');
 * - `kinds`: which buttons, in this order (default ['label']);
 * - `perms`: the screen's button key per kind (default: any key the server accepts for it, PRINT_PERMS); a button
 *   the user may not use is not rendered; 'fee' also needs the fee role;
 * - `printTimes`: shows 'Printed N×' after the label button;
 * - `onPrinted(kind)`: after a PDF opened (label prints move printTimes: refetch);
 * - `size`, `type`: as antd Button. Receipt and fee-sheet buttons print in the UI language on click, and offer
 *   the other languages in their drop-down (a receipt for a Thai customer from a Chinese clerk).
 */
export interface PrintButtonsProps {
  ids: readonly number[];
  kinds?: readonly PrintKind[];
  perms?: Partial<Record<PrintKind, PermissionValue>>;
  printTimes?: number;
  onPrinted?: (kind: PrintKind) => void;
  size?: ButtonProps['size'];
  type?: 'default' | 'primary' | 'dashed' | 'link' | 'text';
}

/** `print(kind, ids, lang?)` with a busy flag per kind, for screens that place their own buttons. */
export function usePrint(onPrinted?: (kind: PrintKind) => void) {
  const [busy, setBusy] = useState<PrintKind | null>(null);
  const print = useCallback(
    async (kind: PrintKind, ids: readonly number[], lang?: Language) => {
      setBusy(kind);
      try {
        const opened = await openPrint(kind, ids, lang);
        if (opened) onPrinted?.(kind);
        return opened;
      } finally {
        setBusy(null);
      }
    },
    [onPrinted],
  );
  return { print, busy };
}

export function PrintButtons({
  ids,
  kinds = ['label'],
  perms,
  printTimes,
  onPrinted,
  size,
  type = 'default',
}: PrintButtonsProps) {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const language = useLanguage();
  const { print, busy } = usePrint(onPrinted);
  const allowed = kinds.filter((k) => hasPermi(perms?.[k] ?? PRINT_PERMS[k]) && (k !== 'fee' || isFeeRole));
  if (!allowed.length) return null;
  return (
    <Space size={8} wrap data-testid="print-buttons">
      {allowed.map((kind) => {
        const label = t(PRINT_BUTTON_KEY[kind]);
        const icon = <PrinterOutlined />;
        if (!KINDS_WITH_LANGUAGE.includes(kind)) {
          return (
            <Space key={kind} size={4}>
              <Button
                size={size}
                type={type}
                icon={icon}
                loading={busy === kind}
                onClick={() => print(kind, ids)}
                data-testid={`print-${kind}`}
              >
                {label}
              </Button>
              {kind === 'label' && printTimes !== undefined && printTimes > 0 ? (
                <Tag data-testid="print-times">{t('print_printed_times', { n: printTimes })}</Tag>
              ) : null}
            </Space>
          );
        }
        return (
          <Space.Compact key={kind} size={size}>
            <Button
              type={type}
              icon={icon}
              loading={busy === kind}
              onClick={() => print(kind, ids, language)}
              data-testid={`print-${kind}`}
            >
              {label}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: LANGUAGES.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang] })),
                onClick: ({ key }) => print(kind, ids, key as Language),
              }}
            >
              <Button
                type={type}
                icon={<DownOutlined />}
                aria-label={t('print_template_lang')}
                data-testid={`print-${kind}-lang`}
              />
            </Dropdown>
          </Space.Compact>
        );
      })}
    </Space>
  );
}
