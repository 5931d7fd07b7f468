import { useSearchParams } from "wouter";
import { ALL_TAG, CATEGORY_TAGS } from "@domain/catalog";

const PARAM = "category";

/**
 * The home page's tag lives in the URL (?category=N), so coming back from a product restores it. Choosing
 * a tag replaces the history entry rather than adding one per tap.
 */
export function useCategoryParam(): [number, (category: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(PARAM) ?? ALL_TAG);
  const category = CATEGORY_TAGS.some((tag) => tag.id === raw) ? raw : ALL_TAG;

  const choose = (next: number) => {
    setParams(
      (current) => {
        if (next === ALL_TAG) current.delete(PARAM);
        else current.set(PARAM, String(next));
        return current;
      },
      { replace: true },
    );
  };
  return [category, choose];
}
