import { useMutation, useQueryClient } from "@tanstack/react-query";
import { productChanged } from "./keys";

/** An answer of the admin product calls: the spec's text in `message` where it has one. */
export interface AdminAnswer {
  message?: string;
}

/** A product call that changes what customers see: every list asks again once it answered (or failed). */
export function useProductCall<Variables>(call: (variables: Variables) => Promise<AdminAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => productChanged(queryClient) });
}
