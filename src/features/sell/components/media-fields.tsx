import { Badge, Box, Button, Fieldset, Grid, HStack, Icon, IconButton, Image, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, FileText, ImagePlus, Star, Trash2, Video, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AD_DOCUMENTS_MAX } from '../../../../domain/ad-form';
import { UPLOAD_LIMIT_MESSAGE_VALUES, UPLOAD_LIMITS } from '../../../../domain/limits';
import { ACCEPT_ATTRIBUTE, type MediaKind, mediaUrl } from '../../../../domain/media';
import type { MediaItem } from '../../../../domain/media-schemas';
import { useFieldErrorText } from '../../../lib/ui/form-error';
import { UserText } from '../../../lib/ui/user-text';
import { useUploads } from '../hooks/use-uploads';
import type { AdFormApi } from '../utils/ad-form-values';
import { RequiredMark } from './ad-form-fields';
import { isolateUserText } from '../../../../domain/locale';

interface MediaFieldProps {
  form: AdFormApi;
  /** What is known of each stored file (names for videos and documents). */
  media: Readonly<Record<string, MediaItem>>;
  onStored: (item: MediaItem) => void;
}

/** An arrow that points towards the start or the end of the line, whichever way the language runs. */
function InlineArrow({ towards }: { towards: 'start' | 'end' }) {
  return (
    <Icon asChild _rtl={{ transform: 'scaleX(-1)' }}>
      {towards === 'start' ? <ArrowLeft /> : <ArrowRight />}
    </Icon>
  );
}

function FilePicker({ kind, multiple, label, icon, onFiles }: { kind: MediaKind; multiple: boolean; label: string; icon: ReactNode; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        name={`${kind.toLowerCase()}-files`}
        accept={ACCEPT_ATTRIBUTE[kind]}
        multiple={multiple}
        aria-label={label}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that choosing the same file again (after a cancel) is still a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button variant="outline" alignSelf="start" onClick={() => input.current?.click()}>
        {icon}
        {label}
      </Button>
    </>
  );
}

/** Files on their way up, each with its progress and a cancel button, or the reason it was refused. */
function UploadList({ uploads }: { uploads: ReturnType<typeof useUploads> }) {
  const { t } = useTranslation('sell');
  const errorText = useFieldErrorText();
  if (uploads.entries.length === 0) return null;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-live="polite">
      {uploads.entries.map((entry) => (
        <HStack as="li" key={entry.key} gap="3" borderWidth="1px" borderRadius="l2" px="3" py="2" data-testid="upload-entry" borderColor={entry.refusal ? 'border.error' : undefined}>
          <Stack flex="1" minW="0" gap="1">
            <Text fontSize="sm" truncate>
              <UserText>{entry.name}</UserText>
            </Text>
            {entry.refusal ? (
              <Text fontSize="sm" color="fg.error" role="alert" data-testid="upload-refusal">
                {errorText(entry.refusal)}
              </Text>
            ) : (
              <Progress.Root value={Math.round(entry.progress * 100)} size="sm">
                <HStack gap="3">
                  <Progress.Track flex="1" aria-label={t('media.uploading', { name: isolateUserText(entry.name) })}>
                    <Progress.Range />
                  </Progress.Track>
                  <Progress.ValueText fontSize="xs" minW="9" />
                </HStack>
              </Progress.Root>
            )}
          </Stack>
          {entry.refusal ? (
            <IconButton size="xs" variant="ghost" aria-label={t('media.dismiss', { name: isolateUserText(entry.name) })} onClick={() => uploads.dismiss(entry.key)}>
              <X />
            </IconButton>
          ) : (
            <Button size="xs" variant="outline" aria-label={t('media.cancelUpload', { name: isolateUserText(entry.name) })} onClick={() => uploads.cancel(entry.key)}>
              {t('media.cancel')}
            </Button>
          )}
        </HStack>
      ))}
    </Stack>
  );
}

function MediaFieldset({ legend, help, error, required, children }: { legend: string; help: string; error: string | undefined; required?: boolean; children: ReactNode }) {
  const errorText = useFieldErrorText();
  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend>
        {legend}
        {required ? <RequiredMark /> : null}
      </Fieldset.Legend>
      <Fieldset.HelperText>{help}</Fieldset.HelperText>
      <Stack gap="3">{children}</Stack>
      <Fieldset.ErrorText>{errorText(error)}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/** The ad's images in the seller's order: reordered with buttons, one chosen as the main image. */
export function ImagesField({ form }: Pick<MediaFieldProps, 'form'>) {
  const { t } = useTranslation('sell');
  const imageIds = useWatch({ control: form.control, name: 'imageIds' });
  const mainImageId = useWatch({ control: form.control, name: 'mainImageId' });
  const errors = form.formState.errors;

  // The main image must be one of the images: the first takes its place when it goes.
  const setImages = (next: string[]) => {
    form.setValue('imageIds', next, { shouldDirty: true });
    const main = form.getValues('mainImageId');
    if (main === null || !next.includes(main)) form.setValue('mainImageId', next[0] ?? null, { shouldDirty: true });
    form.clearErrors(['imageIds', 'mainImageId']);
  };
  const uploads = useUploads('IMAGE', imageIds.length, (item) => setImages([...form.getValues('imageIds'), item.id]));
  const move = (index: number, by: -1 | 1) => {
    const next = [...imageIds];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setImages(next);
  };

  return (
    <MediaFieldset
      legend={t('fields.imageIds')}
      help={t('media.imagesHelp', { min: UPLOAD_LIMITS.minImages, max: UPLOAD_LIMITS.maxImages, ...UPLOAD_LIMIT_MESSAGE_VALUES })}
      error={errors.imageIds?.message ?? errors.mainImageId?.message}
      required
    >
      {imageIds.length > 0 ? (
        <Grid as="ol" templateColumns="repeat(auto-fill, minmax(9.5rem, 1fr))" gap="3" listStyleType="none" data-testid="image-list">
          {imageIds.map((id, index) => {
            const position = index + 1;
            const isMain = id === mainImageId;
            return (
              <Stack as="li" key={id} gap="0" borderWidth={isMain ? '2px' : '1px'} borderColor={isMain ? 'colorPalette.solid' : 'border'} borderRadius="l2" overflow="hidden" data-testid="image-item" data-main={isMain ? '' : undefined}>
                <Box position="relative" aspectRatio="1" bg="bg.muted">
                  <Image src={mediaUrl(id, 'thumb')} alt={t('media.imageAlt', { position })} w="full" h="full" objectFit="cover" />
                  {isMain ? (
                    <Badge position="absolute" top="1.5" insetStart="1.5" variant="solid" size="sm">
                      {t('media.main')}
                    </Badge>
                  ) : null}
                </Box>
                <HStack justify="space-between" gap="0" p="1">
                  <IconButton size="xs" variant="ghost" aria-label={t('media.makeMain', { position })} aria-pressed={isMain} disabled={isMain} onClick={() => setMainImage(form, id)}>
                    <Star fill={isMain ? 'currentColor' : 'none'} />
                  </IconButton>
                  <IconButton size="xs" variant="ghost" aria-label={t('media.moveEarlier', { position })} disabled={index === 0} onClick={() => move(index, -1)}>
                    <InlineArrow towards="start" />
                  </IconButton>
                  <IconButton size="xs" variant="ghost" aria-label={t('media.moveLater', { position })} disabled={index === imageIds.length - 1} onClick={() => move(index, 1)}>
                    <InlineArrow towards="end" />
                  </IconButton>
                  <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('media.removeImage', { position })} onClick={() => setImages(imageIds.filter((other) => other !== id))}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Stack>
            );
          })}
        </Grid>
      ) : null}
      <UploadList uploads={uploads} />
      <FilePicker kind="IMAGE" multiple label={t('media.addImages')} icon={<ImagePlus />} onFiles={uploads.add} />
    </MediaFieldset>
  );
}

function setMainImage(form: AdFormApi, id: string) {
  form.setValue('mainImageId', id, { shouldDirty: true });
  form.clearErrors('mainImageId');
}

/** A stored file shown by its name, opened in a new tab, with a remove button. */
function StoredFile({ item, fallbackName, icon, onRemove }: { item: MediaItem | undefined; fallbackName: string; icon: ReactNode; onRemove: () => void }) {
  const { t } = useTranslation('sell');
  const name = item?.name || fallbackName;
  return (
    <HStack as="li" gap="3" borderWidth="1px" borderRadius="l2" px="3" py="2" data-testid="stored-file">
      <Icon color="fg.muted" flexShrink={0}>
        {icon}
      </Icon>
      <Link href={item ? mediaUrl(item.id, 'file') : undefined} target="_blank" rel="noopener" flex="1" minW="0" truncate fontSize="sm">
        <UserText>{name}</UserText>
      </Link>
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('media.removeFile', { name: isolateUserText(name) })} onClick={onRemove}>
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

/** At most one video: a second one is refused with the server's own words. */
export function VideoField({ form, media, onStored }: MediaFieldProps) {
  const { t } = useTranslation('sell');
  const videoId = useWatch({ control: form.control, name: 'videoId' });
  const uploads = useUploads('VIDEO', videoId ? 1 : 0, (item) => {
    onStored(item);
    form.setValue('videoId', item.id, { shouldDirty: true });
    form.clearErrors('videoId');
  });
  return (
    <MediaFieldset legend={t('fields.videoId')} help={t('media.videoHelp', UPLOAD_LIMIT_MESSAGE_VALUES)} error={form.formState.errors.videoId?.message}>
      {videoId ? (
        <Stack as="ul" listStyleType="none">
          <StoredFile item={media[videoId]} fallbackName={t('fields.videoId')} icon={<Video />} onRemove={() => form.setValue('videoId', null, { shouldDirty: true })} />
        </Stack>
      ) : null}
      <UploadList uploads={uploads} />
      <FilePicker kind="VIDEO" multiple={false} label={t('media.addVideo')} icon={<Video />} onFiles={uploads.add} />
    </MediaFieldset>
  );
}

/** A tender's PDF documents (specifications, conditions), listed by name. */
export function DocumentsField({ form, media, onStored }: MediaFieldProps) {
  const { t } = useTranslation('sell');
  const documentIds = useWatch({ control: form.control, name: 'documentIds' });
  const uploads = useUploads('DOCUMENT', documentIds.length, (item) => {
    onStored(item);
    form.setValue('documentIds', [...form.getValues('documentIds'), item.id], { shouldDirty: true });
    form.clearErrors('documentIds');
  });
  return (
    <MediaFieldset
      legend={t('fields.documentIds')}
      help={t('media.documentsHelp', { max: AD_DOCUMENTS_MAX, ...UPLOAD_LIMIT_MESSAGE_VALUES })}
      error={form.formState.errors.documentIds?.message}
    >
      {documentIds.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none">
          {documentIds.map((id) => (
            <StoredFile
              key={id}
              item={media[id]}
              fallbackName={t('fields.documentIds')}
              icon={<FileText />}
              onRemove={() => form.setValue('documentIds', form.getValues('documentIds').filter((other) => other !== id), { shouldDirty: true })}
            />
          ))}
        </Stack>
      ) : null}
      <UploadList uploads={uploads} />
      <FilePicker kind="DOCUMENT" multiple label={t('media.addDocuments')} icon={<FileText />} onFiles={uploads.add} />
    </MediaFieldset>
  );
}
