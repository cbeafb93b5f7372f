import type { Kyc, KycDocumentSide, KycIdentity, KycInput, UploadResult } from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, refreshWhatever, requestFile, useRefresh } from "./client";
import { users } from "./people";
import { withdrawRequests } from "./withdrawals";

/** A member's KYC (docs/decisions/kyc.md): GET and PUT users/{id}/kyc. */
export const kycKey = (userId: number) => ["kyc", userId] as const;

export function useKyc(userId: number) {
  return useQuery<Kyc>({
    queryKey: kycKey(userId),
    queryFn: () => api.get<Kyc>(`users/${userId}/kyc`),
  });
}

/** Saves it with the version shown (412 when stale); a status change asks the step-up. */
export function useSaveKyc(userId: number) {
  // The users list and the withdrawal requests show the status.
  const refresh = useRefresh(kycKey(userId), users.keys.all, withdrawRequests.keys.all);
  return useMutation({
    mutationFn: ({ input, version }: { input: KycInput; version: number }) =>
      api.put<Kyc>(`users/${userId}/kyc`, input, version),
    ...refreshWhatever(refresh),
  });
}

/** The identity number in full (kyc:view): the server audits each read. */
export function fetchIdentity(userId: number): Promise<KycIdentity> {
  return api.get<KycIdentity>(`users/${userId}/kyc/identity`);
}

/** One side of the identity card as a picture the page can show (kyc:view, audited). */
export async function fetchDocument(userId: number, side: KycDocumentSide): Promise<Blob> {
  const response = await requestFile(`users/${userId}/kyc/documents/${side}`);
  return response.blob();
}

/** Uploads a picture of the identity card (kind kyc: never served publicly); answers its name. */
export async function uploadKycDocument(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return (await api.post<UploadResult>("uploads?kind=kyc", form)).file_name;
}
