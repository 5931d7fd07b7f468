import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api";
import { adminProductsKey } from "./keys";
import type { AdminProduct } from "./types";

/** GET /api/admin/products?category=: every product of a tag (0 all), inactive and deleted ones too. */
export function useAdminProducts(category: number) {
  return useQuery({
    queryKey: adminProductsKey(category),
    queryFn: ({ signal }) =>
      apiRequest<{ products: AdminProduct[] }>("/api/admin/products", { query: { category }, signal }).then((answer) => answer.products),
  });
}

/** One product of the admin list (the edit form): from the whole list, which the list page has in its cache. */
export function useAdminProduct(id: number) {
  const all = useAdminProducts(0);
  return { ...all, data: all.data?.find((product) => product.id === id) };
}
