import { MessagesSquare } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function MessagesPage() {
  return <EmptyPage page="messages" namespace="pages" section="messages" icon={<MessagesSquare />} actionTo={ROUTES.productList} />;
}
