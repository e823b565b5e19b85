import { BadgeCheck } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function SubscriptionsPage() {
  return <EmptyPage page="subscriptions" namespace="pages" section="subscriptions" icon={<BadgeCheck />} actionTo={ROUTES.contactUs} />;
}
