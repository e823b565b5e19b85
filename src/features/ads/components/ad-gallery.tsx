import { Box, Center, HStack, IconButton, type IconButtonProps, Image, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, isolateUserText } from '../../../../domain/locale';
import { IMAGE_VARIANTS, mediaSrcSet, mediaUrl } from '../../../../domain/media';
import type { MediaItem } from '../../../../domain/media-schemas';
import { CategoryIcon } from '../../../lib/ui/category-icon';
import { useLocale } from '../../../lib/use-locale';

const THUMB_SIZE = 64;
/** The gallery's width: the whole page on a phone, three fifths of it (up to 80rem) beside the summary on a wide screen. */
const GALLERY_SIZES = '(min-width: 80rem) 48rem, (min-width: 64rem) 60vw, 100vw';

/** The height a variant of this picture has at `width`, from the original's proportions (4:3 when unknown). */
function heightAt(image: MediaItem, width: number): number {
  return image.width && image.height ? Math.round((width * image.height) / image.width) : Math.round((width * 3) / 4);
}

/**
 * The ad's pictures, main one first: a large view, arrows (and the keyboard's arrow keys, which
 * follow the reading direction), and a strip of thumbnails to jump to any of them.
 */
export function AdGallery({ images, title, categoryIcon }: { images: MediaItem[]; title: string; categoryIcon: string }) {
  const { t } = useTranslation('ads');
  const rtl = directionOf(useLocale()) === 'rtl';
  const [index, setIndex] = useState(0);

  if (images.length === 0) {
    return (
      <Center bg="colorPalette.subtle" color="colorPalette.fg" borderRadius="l3" aspectRatio={4 / 3} data-testid="gallery-empty">
        <CategoryIcon name={categoryIcon} size={96} />
      </Center>
    );
  }

  const count = images.length;
  const position = Math.min(index, count - 1);
  const shown = images[position]!;
  // The arrows point the way the pictures move, which reverses with the reading direction.
  const [BackIcon, ForwardIcon] = rtl ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(1);
    else if (event.key === backward) go(-1);
    else if (event.key === 'Home') setIndex(0);
    else if (event.key === 'End') setIndex(count - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box role="region" aria-roledescription={t('gallery.roleDescription')} aria-label={t('gallery.label', { title: isolateUserText(title) })} data-testid="gallery">
      <Box
        position="relative"
        bg="bg.muted"
        borderRadius="l3"
        overflow="hidden"
        aspectRatio={4 / 3}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        focusRing="outside"
      >
        <Image
          key={shown.id}
          src={mediaUrl(shown.id, 'large')}
          srcSet={mediaSrcSet(shown.id)}
          sizes={GALLERY_SIZES}
          // The first picture is the ad page's largest paint.
          fetchPriority={position === 0 ? 'high' : 'auto'}
          alt={t('gallery.imageAlt', { title: isolateUserText(title), position: position + 1, total: count })}
          htmlWidth={IMAGE_VARIANTS.large}
          htmlHeight={heightAt(shown, IMAGE_VARIANTS.large)}
          w="full"
          h="full"
          objectFit="contain"
          data-testid="gallery-image"
        />
        {count > 1 ? (
          <>
            <GalleryArrow label={t('gallery.previous')} onClick={() => go(-1)} insetInlineStart="2">
              <BackIcon aria-hidden />
            </GalleryArrow>
            <GalleryArrow label={t('gallery.next')} onClick={() => go(1)} insetInlineEnd="2">
              <ForwardIcon aria-hidden />
            </GalleryArrow>
            <Text position="absolute" bottom="2" insetInlineEnd="2" px="2" py="0.5" fontSize="xs" bg="blackAlpha.700" color="white" borderRadius="l2" aria-live="polite">
              {t('gallery.position', { position: position + 1, total: count })}
            </Text>
          </>
        ) : null}
      </Box>
      {count > 1 ? (
        <HStack as="ul" gap="2" mt="2" overflowX="auto" py="1" px="0.5" listStyleType="none" aria-label={t('gallery.thumbnails')}>
          {images.map((image, thumbIndex) => (
            <li key={image.id}>
              <Box
                as="button"
                display="block"
                flexShrink={0}
                borderRadius="l2"
                overflow="hidden"
                borderWidth="2px"
                borderColor={thumbIndex === position ? 'colorPalette.solid' : 'transparent'}
                opacity={thumbIndex === position ? 1 : 0.75}
                _hover={{ opacity: 1 }}
                focusRing="outside"
                aria-label={t('gallery.show', { position: thumbIndex + 1, total: count })}
                aria-current={thumbIndex === position ? 'true' : undefined}
                onClick={() => setIndex(thumbIndex)}
              >
                <Image src={mediaUrl(image.id, 'thumb')} alt="" loading="lazy" htmlWidth={THUMB_SIZE} htmlHeight={THUMB_SIZE} w={`${THUMB_SIZE}px`} h={`${THUMB_SIZE}px`} objectFit="cover" />
              </Box>
            </li>
          ))}
        </HStack>
      ) : null}
    </Box>
  );
}

/** A previous/next button over the large picture, on the side `insetInlineStart`/`insetInlineEnd` names. */
function GalleryArrow({ label, ...props }: { label: string } & Omit<IconButtonProps, 'aria-label'>) {
  return <IconButton aria-label={label} position="absolute" top="50%" transform="translateY(-50%)" rounded="full" variant="surface" size="sm" {...props} />;
}
