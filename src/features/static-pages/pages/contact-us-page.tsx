import { Alert, Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTACT_TOPICS, type ContactMessage, type ContactMessageInput, contactMessageSchema } from '../../../../domain/contact';
import { errorCodeOf } from '../../../lib/http';
import { FormError, showFieldRefusals } from '../../../lib/ui/form-error';
import { PageHeading } from '../../../lib/ui/page-heading';
import { TextField } from '../../../lib/ui/text-field';
import { useSubmitContactMessage } from '../api/submit-contact-message';

export default function ContactUsPage() {
  const { t } = useTranslation('static');
  const submit = useSubmitContactMessage();
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', topic: 'GENERAL', message: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      form.reset();
    } catch (error) {
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <Stack gap="2" data-page="contact-us" maxW="2xl">
      <PageHeading title={t('contact.title')} subtitle={t('contact.intro')} />
      <Stack asChild gap="4" bg="bg" borderWidth="1px" borderRadius="l3" p={{ base: '5', md: '8' }}>
        <form onSubmit={onSubmit} noValidate>
        {submit.isSuccess ? (
          <Alert.Root status="success" data-testid="contact-success">
            <Alert.Indicator />
            <Alert.Title>{t('contact.sent')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <FormError code={errorCodeOf(submit.error)} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t('contact.name')} error={errors.name?.message} required>
            <Input autoComplete="name" {...form.register('name')} />
          </TextField>
          <TextField label={t('contact.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
          </TextField>
        </SimpleGrid>
        <Field.Root invalid={!!errors.topic}>
          <Field.Label>{t('contact.topic')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('topic')}>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topics.${topic}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <TextField label={t('contact.message')} error={errors.message?.message} required>
          <Textarea rows={6} {...form.register('message')} />
        </TextField>
        <Button type="submit" loading={form.formState.isSubmitting} alignSelf="start">
          {t('contact.submit')}
        </Button>
        </form>
      </Stack>
    </Stack>
  );
}
