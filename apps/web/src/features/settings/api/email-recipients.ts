import {
  AddedEmailRecipientSchema,
  EmailRecipientListSchema,
  OkSchema,
  type EmailRecipient,
  type EmailRecipientList,
} from '@spoke/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';

const path = '/api/account/email-recipients';
export const emailRecipientsQueryKey = ['account', 'email-recipients'] as const;

export function emailRecipientsQueryOptions() {
  return queryOptions({
    queryKey: emailRecipientsQueryKey,
    queryFn: ({ signal }) => api.get(path, EmailRecipientListSchema, { signal }),
  });
}

export function useEmailRecipients() {
  return useQuery(emailRecipientsQueryOptions());
}

/** Asks the address for its consent (a mail to it, counted against the daily limit). */
export function useAddEmailRecipient() {
  const queryClient = useQueryClient();
  return useMutation<EmailRecipient, ApiError, string>({
    mutationFn: async (email) =>
      (await api.post(path, AddedEmailRecipientSchema, { email })).recipient,
    onSuccess: (recipient) => {
      queryClient.setQueryData<EmailRecipientList>(emailRecipientsQueryKey, (list) =>
        list
          ? {
              ...list,
              recipients: [...list.recipients.filter((r) => r.id !== recipient.id), recipient],
              sent_today: list.sent_today + 1,
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: emailRecipientsQueryKey });
    },
  });
}

export function useRemoveEmailRecipient() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, EmailRecipient>({
    mutationFn: (recipient) =>
      api.request(`${path}/${encodeURIComponent(recipient.id)}`, OkSchema, { method: 'DELETE' }),
    onSuccess: (_ok, recipient) => {
      queryClient.setQueryData<EmailRecipientList>(emailRecipientsQueryKey, (list) =>
        list ? { ...list, recipients: list.recipients.filter((r) => r.id !== recipient.id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: emailRecipientsQueryKey });
    },
  });
}
