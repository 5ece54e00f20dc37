import { MarkDetailPage } from './MarkDetailPage';

export default function CustomDetailPage() {
  return <MarkDetailPage isAgent="0" />;
}
