import { CreditCard } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function SubscriptionCheckoutPage() {
  return <EmptyPage page="subscription-checkout" namespace="pages" section="checkout" icon={<CreditCard />} actionTo={ROUTES.subscriptions} />;
}
