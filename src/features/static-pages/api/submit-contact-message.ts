import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../../domain/contact';
import { api } from '../../../lib/api-client';

export const submitContactMessage = (input: ContactMessageInput) => api.post<{ id: string }>('/contact', { body: input });

export const useSubmitContactMessage = () => useMutation({ mutationFn: submitContactMessage });
