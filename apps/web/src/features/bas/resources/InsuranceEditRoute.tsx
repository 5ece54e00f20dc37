import { InsuranceFormPage } from './finance';

export default function InsuranceEditRoute() {
  return <InsuranceFormPage />;
}
