import { Center, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { IMAGE_VARIANTS, mediaSrcSet, mediaUrl } from '../../../../domain/media';
import { CategoryIcon } from '../../../lib/ui/category-icon';

/** Cards frame pictures at 4:3; the attributes reserve that space before the picture arrives. */
const CARD_HEIGHT = Math.round((IMAGE_VARIANTS.card * 3) / 4);
/** A card's width in the grid: two columns on a phone, three on a tablet, four up to the page's 80rem. */
const CARD_SIZES = '(min-width: 80rem) 20rem, (min-width: 64rem) 25vw, (min-width: 48rem) 33vw, 50vw';

/**
 * The ad's main picture, or its category's icon when it has none (or it fails to load). The first card
 * of a page is likely its largest paint: it is fetched at once and first, the others as they near the screen.
 */
export function AdCardImage({ imageId, categoryIcon, priority = false }: { imageId: string | null; categoryIcon: string; priority?: boolean }) {
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
      srcSet={mediaSrcSet(imageId)}
      sizes={CARD_SIZES}
      // The title beside it says what it shows; a screen reader would only hear it twice.
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
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
