/**
 * Shared building blocks for every screen. API summary (details in each file's header and docs/web.md):
 * - ListPage: search form + table + pager + toolbar + export + state actions, state in the URL.
 * - FormModal / FormDrawer: add/edit forms with save, success toast, unsaved-changes prompt.
 * - FormFooter: a long page form's actions, sticky at the bottom of the page area.
 * - DetailView: read-only descriptions with money/date/dict/fee handling.
 * - MoneyCell, DictTag, DictSelect, DeptTreeSelect, UploadField.
 * - Auth (component) and usePermission (hook): permission- and role-gated rendering.
 * - confirmAction: the Tips prompt; runStateAction: check, confirm, call, toast, refresh, 409 handling.
 * - useTabTitle: name the page's tab (details pages: the waybill number).
 * - useUnsavedChanges(dirty): ask before a form with unsaved changes goes (tab closed, page unloaded).
 */
export { useUnsavedChanges } from '../app/layout/unsaved-changes';
export { useTabTitle } from '../app/layout/use-tab-title';
export { download, downloadFile, exportFileName } from '../lib/download';
export { formatDate, formatDateTime, formatMoney } from '../lib/format';
export { LocalName, useLocalName } from '../lib/localized';
export { type PermissionValue, usePermission } from '../lib/permission';
export { Auth } from './Auth';
export { confirmAction } from './confirm';
export { DeptTreeSelect, flattenDepts, useDeptOptions, useDeptTree } from './DeptTreeSelect';
export { type DetailItem, DetailView } from './DetailView';
export { DictSelect } from './DictSelect';
export { DictTag } from './DictTag';
export { type FormDialogProps, FormDrawer, FormModal } from './FormDialog';
export { FormFooter } from './FormFooter';
export * from './ListPage';
export { LocalizedNameFields } from './LocalizedNameFields';
export { MoneyCell } from './MoneyCell';
export { runStateAction, type StateActionOptions } from './state-action';
export { fileIds, type UploadedFile, UploadField, uploadFile } from './UploadField';
