import { MarkListPage } from './MarkListPage';

export default function CustomMarkPage() {
  return <MarkListPage isAgent="0" />;
}
