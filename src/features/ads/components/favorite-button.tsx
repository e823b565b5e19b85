import { IconButton, type IconButtonProps, Portal, Tooltip } from '@chakra-ui/react';
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_CODES } from '../../../../domain/errors';
import { signInPathFor } from '../../../../domain/routes';
import { HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useFavoriteSlugs } from '../api/get-favorite-slugs';
import { useSetFavorite } from '../api/set-favorite';
import { isolateUserText } from '../../../../domain/locale';

const FAILURE_NOTICE_MS = 4000;

/** The heart on a card or an ad page. A visitor who taps it signs in first and comes back here. */
export function FavoriteButton({ slug, title, ...props }: { slug: string; title: string } & Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  const { t } = useTranslation('ads');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const favorite = useFavoriteSlugs().has(slug);
  const setFavorite = useSetFavorite();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), FAILURE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  const toSignIn = () => void navigate(signInPathFor(`${location.pathname}${location.search}${location.hash}`));
  const toggle = () => {
    if (!session.data) return toSignIn();
    setFailed(false);
    setFavorite.mutate(
      { slug, favorite: !favorite },
      { onError: (error) => (error instanceof HttpError && error.code === ERROR_CODES.UNAUTHENTICATED ? toSignIn() : setFailed(true)) },
    );
  };

  return (
    <Tooltip.Root open={failed} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>
        <IconButton
          variant="surface"
          rounded="full"
          size="sm"
          colorPalette={favorite ? 'red' : 'gray'}
          aria-pressed={favorite}
          aria-label={t('favorite.toggle', { title: isolateUserText(title) })}
          onClick={toggle}
          data-testid="favorite-button"
          {...props}
        >
          <Heart aria-hidden fill={favorite ? 'currentColor' : 'none'} />
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content role="alert">{t('favorite.failed')}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
