import { BadgeCheck } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function MySubscriptionsPage() {
  return <EmptyPage page="my-subscriptions" namespace="account" section="mySubscriptions" icon={<BadgeCheck />} actionTo={ROUTES.subscriptions} />;
}
