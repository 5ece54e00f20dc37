import { CurrateFormPage } from './finance';

export default function CurrateEditRoute() {
  return <CurrateFormPage />;
}
