import { CATEGORIES } from "@domain/catalog";

export function categoryName(categoryId: number): string | null {
  return CATEGORIES.find((category) => category.id === categoryId)?.name ?? null;
}
