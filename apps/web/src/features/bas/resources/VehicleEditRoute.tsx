import { VehicleFormPage } from './drivers';

export default function VehicleEditRoute() {
  return <VehicleFormPage />;
}
