import type { ReactNode } from 'react';
import { openModal } from '../lib/feedback';
import { translate } from '../lib/i18n';

/**
 * The spec's confirm prompt: antd Modal.confirm titled Tips (提示), OK 'Confirm', 'Cancel'.
 * Resolves true when confirmed.
 *
 *   if (await confirmAction({ content: t('confirm_delete') })) { ... }
 */
export function confirmAction(options: {
  content: ReactNode;
  title?: ReactNode;
  danger?: boolean;
  okText?: ReactNode;
}): Promise<boolean> {
  return new Promise((resolve) => {
    openModal('confirm', {
      title: options.title ?? translate('tips'),
      content: options.content,
      okText: options.okText ?? translate('confirm'),
      cancelText: translate('cancel'),
      okButtonProps: options.danger ? { danger: true } : undefined,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
