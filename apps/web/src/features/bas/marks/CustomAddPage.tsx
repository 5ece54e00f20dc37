import { MarkFormPage } from './MarkFormPage';

export default function CustomAddPage() {
  return <MarkFormPage isAgent="0" />;
}
