import type { App, ModalFuncProps } from 'antd';

/**
 * Messages and modals for every page and for code outside React (request client, download helper, action
 * helpers). antd's static message and modal are used: they render outside the page tree, so a toast or
 * an alert survives the navigation that often follows it (logout, expired session), and they follow the
 * theme, dark mode and locale through `ConfigProvider.config({ holderRender })` (app/providers).
 * Their code is fetched when first needed (and prefetched when the browser is idle), which keeps it out
 * of the login page's first load. Tests swap in spies with `setFeedback`.
 */
type AppApi = ReturnType<typeof App.useApp>;
export type MessageApi = AppApi['message'];
export type ModalApi = AppApi['modal'];
export type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';
/** The message calls the app uses. */
export type Toast = Pick<MessageApi, 'success' | 'error' | 'warning' | 'info' | 'loading'>;
type ToastKind = keyof Toast;

let current: { message: MessageApi; modal: ModalApi } | undefined;

export function setFeedback(api: { message: MessageApi; modal: ModalApi } | undefined) {
  current = api;
}

/** A modal of the given kind; resolves once it is open. */
export async function openModal(kind: ModalKind, config: ModalFuncProps): Promise<void> {
  if (current) {
    current.modal[kind](config);
    return;
  }
  const { default: Modal } = await import('antd/es/modal');
  Modal[kind](config);
}

const loadStaticMessage = () => import('antd/es/message').then((m) => m.default);

const lazyToast = (kind: ToastKind) =>
  ((content: Parameters<MessageApi['error']>[0]) => {
    loadStaticMessage().then((message) => message[kind](content));
  }) as Toast[ToastKind];

const staticToast: Toast = {
  success: lazyToast('success'),
  error: lazyToast('error'),
  warning: lazyToast('warning'),
  info: lazyToast('info'),
  loading: lazyToast('loading'),
};

/** Fetch the static message and modal code ahead of need (on sign-in, and when the layout mounts). */
export function prefetchFeedback() {
  loadStaticMessage().catch(() => undefined);
  import('antd/es/modal').catch(() => undefined);
}

export const feedback = {
  get message(): Toast {
    return current?.message ?? staticToast;
  },
};
