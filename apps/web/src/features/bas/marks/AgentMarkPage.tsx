import { MarkListPage } from './MarkListPage';

export default function AgentMarkPage() {
  return <MarkListPage isAgent="1" />;
}
