/**
 * Screen factory (docs/adr/0012-screen-factory.md, docs/web.md 'Reference-data screens'): one definition gives
 * the list, the add/edit form and the details page of a reference-data entity.
 */
export { restCalls } from './calls';
export { rowToValues, valuesToBody } from './fields';
export { ModalScreen } from './ModalScreen';
export { createPageScreen, ScreenDetailPage, ScreenFormPage, ScreenListPage } from './pages';
export { ScreenList } from './ScreenList';
export { useCacheRefresh } from './toolbar';
export type { ScreenColumn, ScreenDef, ScreenField, ScreenQueryKeys, ScreenSection, Values } from './types';
