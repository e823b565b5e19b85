import { Megaphone } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function MyAdsPage() {
  return <EmptyPage page="my-ads" namespace="account" section="myAds" icon={<Megaphone />} actionTo={ROUTES.createSale} />;
}
