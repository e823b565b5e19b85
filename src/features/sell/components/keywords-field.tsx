import { Button, Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AD_TEXT_LIMITS, keywordField, repeatedKeywordIndex } from '../../../../domain/ad-form';
import { ERROR_CODES, type ErrorCode } from '../../../../domain/errors';
import { useFieldErrorText } from '../../../lib/ui/form-error';
import { UserText } from '../../../lib/ui/user-text';
import type { AdFormApi } from '../utils/ad-form-values';
import { isolateUserText } from '../../../../domain/locale';

/**
 * Keywords as chips: typed one at a time, added with the button or Enter. A keyword that cannot be
 * added is refused beside the input and the typed text stays, so it can be corrected. A refusal
 * from the server (`keywords.<i>`) marks its chip.
 */
export function KeywordsField({ form }: { form: AdFormApi }) {
  const { t } = useTranslation('sell');
  const errorText = useFieldErrorText();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<ErrorCode | null>(null);
  // The ref is taken out of its field, or the React Compiler lint takes the whole field for a ref.
  const { field: { ref: keywordsRef, ...field }, fieldState } = useController({ control: form.control, name: 'keywords' });
  const keywords = field.value;
  // The list's own verdict (too many) and each chip's (`keywords.2`).
  const listError = fieldState.error?.message;
  const chipErrors = (form.formState.errors.keywords ?? []) as ReadonlyArray<{ message?: string } | undefined>;
  const chipError = (index: number) => (Array.isArray(chipErrors) ? chipErrors[index]?.message : undefined);
  const firstChipError = keywords.map((_, index) => chipError(index)).find(Boolean);
  const shownError = refusal ?? listError ?? firstChipError;

  const add = () => {
    const parsed = keywordField.safeParse(draft);
    if (!parsed.success) {
      // An empty input adds nothing and says nothing.
      setRefusal(draft.trim() === '' ? null : ERROR_CODES.TEXT_TOO_LONG);
      return;
    }
    if (repeatedKeywordIndex([...keywords, parsed.data]) >= 0) return setRefusal(ERROR_CODES.KEYWORD_ALREADY_ADDED);
    if (keywords.length >= AD_TEXT_LIMITS.keywords) return setRefusal(ERROR_CODES.TOO_MANY_KEYWORDS);
    field.onChange([...keywords, parsed.data]);
    form.clearErrors('keywords');
    setRefusal(null);
    setDraft('');
  };

  const remove = (index: number) => {
    field.onChange(keywords.filter((_, position) => position !== index));
    // The chips after it move up a place, so verdicts by position no longer fit.
    form.clearErrors('keywords');
    setRefusal(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  return (
    <Field.Root invalid={!!shownError}>
      <Field.Label>{t('fields.keywords')}</Field.Label>
      <HStack gap="2" align="start" w="full">
        <Input
          ref={keywordsRef}
          name="keyword"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={field.onBlur}
          maxLength={AD_TEXT_LIMITS.keyword * 2}
          autoComplete="off"
          dir="auto"
        />
        <Button variant="outline" onClick={add} flexShrink={0}>
          <Plus />
          {t('keywords.add')}
        </Button>
      </HStack>
      {keywords.length > 0 ? (
        <Wrap gap="2" as="ul" aria-label={t('keywords.listLabel')} listStyleType="none" data-testid="keyword-chips">
          {keywords.map((keyword, index) => (
            <Tag.Root as="li" key={`${keyword}-${index}`} size="lg" variant={chipError(index) ? 'solid' : 'subtle'} colorPalette={chipError(index) ? 'red' : undefined} data-invalid={chipError(index) ? '' : undefined}>
              <Tag.Label>
                <UserText>{keyword}</UserText>
              </Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={t('keywords.remove', { keyword: isolateUserText(keyword) })} onClick={() => remove(index)} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
      <Field.HelperText>{t('help.keywords', { max: AD_TEXT_LIMITS.keywords })}</Field.HelperText>
      <Field.ErrorText>{errorText(shownError)}</Field.ErrorText>
    </Field.Root>
  );
}
