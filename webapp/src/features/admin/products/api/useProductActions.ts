import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { productChanged } from "./keys";

/** An answer of the admin product calls: the spec's text in `message` where it has one. */
export interface AdminAnswer {
  message?: string;
}

/** A product call that changes what customers see: every list asks again once it answered (or failed). */
function useProductCall<Variables>(call: (variables: Variables) => Promise<AdminAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => productChanged(queryClient) });
}

/** PUT /api/admin/products/:id/active { active }: 'Product activated' / 'Product Disabled'. */
export const useSetProductActive = () =>
  useProductCall(({ id, active }: { id: number; active: boolean }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/active`, { method: "PUT", body: { active } }),
  );

/** DELETE /api/admin/products/:id (soft): 'Product was deleted'. */
export const useDeleteProduct = () =>
  useProductCall((id: number) => apiRequest<AdminAnswer>(`/api/admin/products/${id}`, { method: "DELETE" }));

/** DELETE /api/admin/products/:id/images/:imageId. */
export const useDeleteImage = () =>
  useProductCall(({ id, imageId }: { id: number; imageId: number }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/images/${imageId}`, { method: "DELETE" }),
  );

/** PUT /api/admin/products/:id/images/order { image_ids }. */
export const useReorderImages = () =>
  useProductCall(({ id, imageIds }: { id: number; imageIds: number[] }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/images/order`, { method: "PUT", body: { image_ids: imageIds } }),
  );

export interface NewOption {
  per_price: number;
  cost_price: number;
  price_text: string;
  gift_text: string;
  amount: number;
}

/** POST /api/admin/products/:id/options: 'Product option was succesfuly created'. */
export const useCreateOption = () =>
  useProductCall(({ id, option }: { id: number; option: NewOption }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/options`, { method: "POST", body: option }),
  );

/** DELETE /api/admin/products/:id/options/:optionId: 'Option was deleted' (never the default or option 0). */
export const useDeleteOption = () =>
  useProductCall(({ id, optionId }: { id: number; optionId: string }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/options/${optionId}`, { method: "DELETE" }),
  );

/** PUT /api/admin/products/:id/default-option { option_id }: 'Default option was changed'. */
export const useSetDefaultOption = () =>
  useProductCall(({ id, optionId }: { id: number; optionId: string }) =>
    apiRequest<AdminAnswer>(`/api/admin/products/${id}/default-option`, { method: "PUT", body: { option_id: Number(optionId) } }),
  );
