import { CurrateFormPage } from './finance';

export default function CurrateAddRoute() {
  return <CurrateFormPage />;
}
