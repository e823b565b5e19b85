import { MessageSquareText } from 'lucide-react';
import { ROUTES } from '../../../../domain/routes';
import { EmptyPage } from '../../../lib/ui/empty-page';

export default function ConversationPage() {
  return <EmptyPage page="conversation" namespace="pages" section="conversation" icon={<MessageSquareText />} actionTo={ROUTES.messages} />;
}
