import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../domain/account';
import { api } from '../../../lib/api-client';

/** The server ends every other session of the person; this one stays signed in. */
export const changePassword = (input: ChangePasswordInput) => api.post<void>('/me/password', { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
