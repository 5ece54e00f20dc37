import { MarkFormPage } from './MarkFormPage';

export default function AgentEditPage() {
  return <MarkFormPage isAgent="1" />;
}
