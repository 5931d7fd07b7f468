import { apiRequest } from "../../../../lib/api";
import { useProductCall, type AdminAnswer } from "./productCall";

interface NewOption {
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
