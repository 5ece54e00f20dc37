import { VehicleListPage } from './drivers';

export default function VehicleListRoute() {
  return <VehicleListPage />;
}
