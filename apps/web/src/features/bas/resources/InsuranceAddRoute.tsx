import { InsuranceFormPage } from './finance';

export default function InsuranceAddRoute() {
  return <InsuranceFormPage />;
}
