import { Badge, Button, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { addParticipantSchema, type Participant, type ParticipationStatus } from '../../../../domain/auction';
import { JOIN_REQUEST_EVENTS, participationStateOf } from '../../../../machines/join-request.machine';
import { errorCodeOf } from '../../../lib/http';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { Panel } from '../../../lib/ui/panel';
import { TextField } from '../../../lib/ui/text-field';
import { UserText } from '../../../lib/ui/user-text';
import { useAddParticipant } from '../api/add-participant';
import { useDecideJoinRequest } from '../api/decide-join-request';
import { useParticipants } from '../api/list-participants';

const STATUS_PALETTES: Record<ParticipationStatus, string> = { REQUESTED: 'orange', ACCEPTED: 'green', REJECTED: 'red' };

/**
 * The owner of a private auction decides who may bid: the requests to accept or reject, and a form
 * to add someone by the email or phone they registered with. Which decision a row offers is the
 * participation machine's answer.
 */
export function AuctionParticipantsPanel({ slug, ownerId }: { slug: string; ownerId: string }) {
  const { t } = useTranslation('auction');
  const participants = useParticipants(slug);
  const decide = useDecideJoinRequest(slug);

  const can = (participant: Participant, type: typeof JOIN_REQUEST_EVENTS.ACCEPT | typeof JOIN_REQUEST_EVENTS.REJECT) =>
    participationStateOf(participant.status, { ownerId, userId: participant.user.id }).can({ type, by: ownerId });

  return (
    <Panel title={t('participants.title')} description={t('participants.description')} data-testid="participants-panel">
      <Stack gap="5">
        {participants.isPending ? null : participants.isError ? (
          <FormError code={errorCodeOf(participants.error)} />
        ) : participants.data.participants.length === 0 ? (
          <Text color="fg.muted">{t('participants.none')}</Text>
        ) : (
          <List.Root as="ul" listStyleType="none" gap="3">
            {participants.data.participants.map((participant) => (
              <List.Item key={participant.user.id} data-testid="participant" data-status={participant.status}>
                <HStack justify="space-between" gap="3" wrap="wrap" w="full">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">
                      <UserText>{participant.user.name}</UserText>
                    </Text>
                    <Badge colorPalette={STATUS_PALETTES[participant.status]} variant="subtle">
                      {t(participant.addedByOwner ? 'participants.addedByYou' : `participants.status.${participant.status}`)}
                    </Badge>
                  </HStack>
                  <HStack gap="2">
                    {can(participant, JOIN_REQUEST_EVENTS.ACCEPT) ? (
                      <Button size="sm" colorPalette="green" disabled={decide.isPending} onClick={() => decide.mutate({ userId: participant.user.id, status: 'ACCEPTED' })} data-testid="accept-join-request">
                        {t('participants.accept')}
                      </Button>
                    ) : null}
                    {can(participant, JOIN_REQUEST_EVENTS.REJECT) ? (
                      <Button size="sm" variant="outline" colorPalette="red" disabled={decide.isPending} onClick={() => decide.mutate({ userId: participant.user.id, status: 'REJECTED' })} data-testid="reject-join-request">
                        {t('participants.reject')}
                      </Button>
                    ) : null}
                  </HStack>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        )}
        <FormError code={errorCodeOf(decide.error)} />
        <AddParticipantForm slug={slug} />
      </Stack>
    </Panel>
  );
}

function AddParticipantForm({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const addParticipant = useAddParticipant(slug);
  // The server's schema: a contact that names no email or phone is refused here as it would be there.
  const form = useForm<{ contact: string }>({ defaultValues: { contact: '' }, resolver: zodResolver(addParticipantSchema) });

  const submit = form.handleSubmit(({ contact }) => {
    addParticipant.reset();
    addParticipant.mutate(contact, { onSuccess: () => form.reset(), onError: (error) => showFieldRefusals(error, form.setError) });
  });
  const refusal = formRefusalCode(addParticipant.error);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" borderTopWidth="1px" pt="4">
        <TextField label={t('participants.contact')} error={form.formState.errors.contact?.message} helperText={t('participants.contactHelp')}>
          <Input autoComplete="off" data-testid="participant-contact" {...form.register('contact')} />
        </TextField>
        <FormError code={refusal} />
        <Button type="submit" alignSelf="flex-start" loading={addParticipant.isPending} data-testid="add-participant">
          {t('participants.add')}
        </Button>
      </Stack>
    </form>
  );
}
