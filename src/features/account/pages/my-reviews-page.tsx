import { Star } from 'lucide-react';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function MyReviewsPage() {
  return <EmptyPage page="my-reviews" namespace="account" section="myReviews" icon={<Star />} />;
}
