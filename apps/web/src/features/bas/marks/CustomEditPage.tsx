import { MarkFormPage } from './MarkFormPage';

export default function CustomEditPage() {
  return <MarkFormPage isAgent="0" />;
}
