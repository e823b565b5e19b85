import { HStack, Link, List, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../../domain/media';
import type { MediaItem } from '../../../../domain/media-schemas';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { formatFileSize } from '../../../lib/format';
import { isolateUserText } from '../../../../domain/locale';

/** A tender's attachments (the conditions booklet and the like), each with its name and size. */
export function AdDocuments({ documents }: { documents: MediaItem[] }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  return (
    <List.Root variant="plain" gap="2" data-testid="ad-documents">
      {documents.map((document) => (
        <List.Item key={document.id}>
          <HStack gap="2" minW="0">
            <FileText size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Link href={mediaUrl(document.id, 'file')} target="_blank" rel="noopener" color="colorPalette.fg" minW="0" aria-label={t('documents.open', { name: isolateUserText(document.name) })}>
              <Text as="span" truncate>
                <UserText>{document.name}</UserText>
              </Text>
            </Link>
            <Text as="span" fontSize="sm" color="fg.muted" flexShrink={0}>
              <bdi>{formatFileSize(document.bytes, locale)}</bdi>
            </Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
