import { Center, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { IMAGE_VARIANTS, mediaUrl } from '../../../../domain/media';
import { CategoryIcon } from '../../../lib/ui/category-icon';

/** Cards frame pictures at 4:3; the attributes reserve that space before the picture arrives. */
const CARD_HEIGHT = Math.round((IMAGE_VARIANTS.card * 3) / 4);

/** The ad's main picture, or its category's icon when it has none (or it fails to load). */
export function AdCardImage({ imageId, categoryIcon }: { imageId: string | null; categoryIcon: string }) {
  const [failedId, setFailedId] = useState<string | null>(null);
  if (imageId === null || failedId === imageId) {
    return (
      <Center w="full" h="full" bg="colorPalette.subtle" color="colorPalette.fg">
        <CategoryIcon name={categoryIcon} size={48} />
      </Center>
    );
  }
  return (
    <Image
      src={mediaUrl(imageId, 'card')}
      // The title beside it says what it shows; a screen reader would only hear it twice.
      alt=""
      loading="lazy"
      decoding="async"
      htmlWidth={IMAGE_VARIANTS.card}
      htmlHeight={CARD_HEIGHT}
      w="full"
      h="full"
      objectFit="cover"
      onError={() => setFailedId(imageId)}
    />
  );
}
