import { MarkFormPage } from './MarkFormPage';

export default function AgentAddPage() {
  return <MarkFormPage isAgent="1" />;
}
