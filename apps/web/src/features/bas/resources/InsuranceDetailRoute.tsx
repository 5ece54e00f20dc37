import { InsuranceDetailPage } from './finance';

export default function InsuranceDetailRoute() {
  return <InsuranceDetailPage />;
}
