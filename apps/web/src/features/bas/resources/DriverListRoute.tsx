import { DriverListPage } from './drivers';

export default function DriverListRoute() {
  return <DriverListPage />;
}
