export { ListPage, listParams } from './ListPage';
export type { ListColumn, ListContext, ListPageProps, RowAction, SearchField, ToolbarButton } from './types';
export { useUrlTab } from './url-state';
