import { InsuranceListPage } from './finance';

export default function InsuranceListRoute() {
  return <InsuranceListPage />;
}
