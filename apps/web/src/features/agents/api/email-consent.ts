import {
  EmailConsentRequestSchema,
  EmailConsentResultSchema,
  type EmailConsentAnswer,
  type EmailConsentResult,
} from '@spoke/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';

// Public: the link in the mail opens these without a session. Reading a link never answers it
// (mail scanners open links), only the POST does.

export function emailConsentQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['email-consent', token],
    queryFn: ({ signal }) =>
      api.get(`/api/email-consent?token=${encodeURIComponent(token)}`, EmailConsentRequestSchema, {
        signal,
      }),
    // The request does not change while the page is open, and the link must not be read again
    // after it was answered.
    staleTime: Infinity,
  });
}

export function useEmailConsentRequest(token: string) {
  return useQuery({ ...emailConsentQueryOptions(token), enabled: token !== '' });
}

export function useAnswerEmailConsent(token: string) {
  return useMutation<EmailConsentResult, ApiError, EmailConsentAnswer>({
    mutationFn: (answer) =>
      api.post('/api/email-consent', EmailConsentResultSchema, { token, answer }),
  });
}
