import { Package } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function OrdersPage() {
  return <EmptyPage page="orders" namespace="account" section="orders" icon={<Package />} actionTo={ROUTES.productList} />;
}
