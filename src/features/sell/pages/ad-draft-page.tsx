import { Alert, AspectRatio, Box, Button, Card, Grid, Heading, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { adPublishIssues, type OwnedAd } from '../../../../domain/ad-form';
import type { AdFieldName } from '../../../../domain/ad-fields';
import { ERROR_CODES } from '../../../../domain/errors';
import { mediaUrl } from '../../../../domain/media';
import { pathTo, ROUTES } from '../../../../domain/routes';
import { useNow } from '../../../lib/countdown';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useDeleteAd } from '../api/delete-ad';
import { useOwnedAd } from '../api/get-owned-ad';
import { usePublishDraft } from '../api/publish-draft';
import { AdCommandRefusal } from '../components/ad-command-refusal';
import { OwnedAdTerms } from '../components/owned-ad-terms';
import { SaleTypeBadge } from '../../../lib/ui/sale-type-badge';
import { MINUTE_MS } from '../../../../domain/timing';

export default function AdDraftPage() {
  const { slug = '' } = useParams();
  const ad = useOwnedAd(slug);
  if (ad.isPending) return <PageLoading />;
  if (ad.isError) throw ad.error;
  return <DraftPreview key={slug} ad={ad.data} />;
}

/**
 * The owner's preview of a draft: what buyers will see, what is still missing, and what to do next.
 * An ad already published (an old link) shows the same way, with a way to its public page.
 */
function DraftPreview({ ad }: { ad: OwnedAd }) {
  const { t } = useTranslation('sell');
  const navigate = useNavigate();
  const now = useNow(MINUTE_MS);
  const publish = usePublishDraft();
  const deletion = useDeleteAd();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { fields, slug, actions } = ad;
  const isDraft = ad.status === 'DRAFT';

  // Each field once, by its label; anything but "missing" also says what is wrong with it.
  const missing = new Map<AdFieldName, string>();
  for (const issue of isDraft ? adPublishIssues(ad.type, fields, now) : []) {
    const field = issue.path.split('.')[0] as AdFieldName;
    if (!missing.has(field)) missing.set(field, issue.code);
  }

  const publishNow = () =>
    publish.mutate(slug, {
      onSuccess: (result) => navigate(pathTo('ad', { slug: result.slug })),
    });
  const deleteNow = () =>
    deletion.mutate(slug, {
      onSuccess: () => navigate(ROUTES.myAds, { replace: true }),
    });

  return (
    <Stack gap="6" data-page="ad-draft">
      <PageHeading title={isDraft ? t('draft.title') : t('draft.previewTitle')} subtitle={isDraft ? t('draft.subtitle') : undefined} />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 4fr)' }} gap="6" alignItems="start">
        <DraftGallery imageIds={fields.imageIds} mainImageId={fields.mainImageId} />
        <Stack gap="4">
          <HStack gap="3" wrap="wrap">
            <SaleTypeBadge type={ad.type} />
            <Text color="fg.muted" fontSize="sm" data-testid="draft-status">
              {t(`draft.statuses.${ad.status}`)}
            </Text>
          </HStack>
          <Heading as="h2" size="xl" data-testid="draft-title">
            {fields.title ? <UserText>{fields.title}</UserText> : <Text as="span" color="fg.muted">{t('draft.noTitle')}</Text>}
          </Heading>
          {!isDraft ? null : missing.size > 0 ? (
            <Alert.Root status="warning" data-testid="draft-missing">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('draft.missingTitle')}</Alert.Title>
                <Alert.Description>
                  <List.Root ps="5" mt="1" gap="0.5">
                    {[...missing].map(([field, code]) => (
                      <List.Item key={field}>
                        {code === ERROR_CODES.REQUIRED || code === ERROR_CODES.IMAGES_REQUIRED
                          ? t(`fields.${field}`)
                          : `${t(`fields.${field}`)}${t('common:separators.list')}${t(`errors:${code}`)}`}
                      </List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Alert.Root status="success" data-testid="draft-complete">
              <Alert.Indicator />
              <Alert.Title>{t('draft.ready')}</Alert.Title>
            </Alert.Root>
          )}
          {/* Out of credit, the server offers no publishing: the draft says why and where to get more. */}
          <AdCommandRefusal error={publish.error} code={isDraft && ad.adCredits <= 0 ? ERROR_CODES.NO_AD_CREDIT : undefined} returnTo={pathTo('adDraft', { slug })} />
          <HStack gap="3" wrap="wrap">
            {isDraft ? null : (
              <ButtonLink to={pathTo('ad', { slug })} variant="outline">
                {t('viewAd')}
              </ButtonLink>
            )}
            {actions.edit ? (
              <ButtonLink to={pathTo('adEdit', { slug })} variant="outline" data-testid="continue-editing">
                {isDraft ? t('draft.continueEditing') : t('myAds.actions.edit')}
              </ButtonLink>
            ) : null}
            {actions.publish ? (
              <Button onClick={publishNow} loading={publish.isPending} disabled={missing.size > 0} data-testid="publish-draft">
                {t('draft.publish')}
              </Button>
            ) : null}
            {actions.delete ? (
              <Button variant="ghost" colorPalette="red" onClick={() => setConfirmingDelete(true)} data-testid="delete-draft">
                {isDraft ? t('draft.delete') : t('myAds.actions.delete')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Grid>
      <Card.Root>
        <Card.Body gap="6">
          <Stack gap="2">
            <Heading as="h2" size="md">
              {t('fields.description')}
            </Heading>
            {fields.description ? (
              <Text whiteSpace="pre-line" dir="auto" data-testid="draft-description">
                <UserText>{fields.description}</UserText>
              </Text>
            ) : (
              <Text color="fg.muted">{t('draft.noDescription')}</Text>
            )}
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="md">
              {t('draft.terms')}
            </Heading>
            <OwnedAdTerms ad={ad} />
          </Stack>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => {
          setConfirmingDelete(false);
          deletion.reset();
        }}
        title={isDraft ? t('draft.deleteTitle') : t('myAds.confirmDelete.title')}
        description={isDraft ? t('draft.deleteText') : t('myAds.confirmDelete.text')}
        confirmLabel={t('draft.deleteConfirm')}
        onConfirm={deleteNow}
        pending={deletion.isPending || deletion.isSuccess}
        refusal={<AdCommandRefusal error={deletion.error} />}
        testId="delete-draft-dialog"
      />
    </Stack>
  );
}

/** The main image large, the others as thumbnails that take its place when chosen. */
function DraftGallery({ imageIds, mainImageId }: { imageIds: string[]; mainImageId: string | null }) {
  const { t } = useTranslation('sell');
  const ordered = mainImageId && imageIds.includes(mainImageId) ? [mainImageId, ...imageIds.filter((id) => id !== mainImageId)] : imageIds;
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = shownId && ordered.includes(shownId) ? shownId : ordered[0];
  if (!shown) {
    return (
      <AspectRatio ratio={4 / 3} bg="bg.muted" borderRadius="l3">
        <Stack align="center" justify="center" color="fg.muted" gap="2">
          <ImageOff />
          <Text>{t('draft.noImages')}</Text>
        </Stack>
      </AspectRatio>
    );
  }
  return (
    <Stack gap="3">
      <AspectRatio ratio={4 / 3} bg="bg.muted" borderRadius="l3" overflow="hidden">
        <Image src={mediaUrl(shown, 'large')} alt={t('media.imageAlt', { position: ordered.indexOf(shown) + 1 })} objectFit="contain" data-testid="draft-main-image" />
      </AspectRatio>
      {ordered.length > 1 ? (
        <HStack gap="2" overflowX="auto" pb="1" as="ul" listStyleType="none">
          {ordered.map((id, index) => (
            <Box as="li" key={id} flexShrink={0}>
              <Box
                as="button"
                display="block"
                borderWidth="2px"
                borderColor={id === shown ? 'colorPalette.solid' : 'transparent'}
                borderRadius="l2"
                overflow="hidden"
                onClick={() => setShownId(id)}
                aria-pressed={id === shown}
                aria-label={t('media.showImage', { position: index + 1 })}
              >
                <Image src={mediaUrl(id, 'thumb')} alt="" boxSize="16" objectFit="cover" />
              </Box>
            </Box>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
