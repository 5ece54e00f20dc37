import { DriverFormPage } from './drivers';

export default function DriverEditRoute() {
  return <DriverFormPage />;
}
