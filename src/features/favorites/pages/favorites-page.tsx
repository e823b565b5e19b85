import { Heart } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function FavoritesPage() {
  return <EmptyPage page="favorites" namespace="pages" section="favorites" icon={<Heart />} actionTo={ROUTES.productList} />;
}
