import { MarkDetailPage } from './MarkDetailPage';

export default function AgentDetailPage() {
  return <MarkDetailPage isAgent="1" />;
}
